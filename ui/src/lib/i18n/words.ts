/**
 * Words the data Rust sends: a message `{ id, …params }` (a hint reason, an engine or command
 * error, a store warning) becomes a sentence in the player's language, with card and suit names
 * for the deck family in use and numbers through `Intl`. The templates live in
 * `i18n/messages/<lang>.ts`, keyed by message id; a parameter is worded by what it is:
 * a card code → its name (`cardName`, the one card-naming function), an action → the card played or
 * the move in words, a suit or rank → its name,
 * a preset id → the preset's name, a number → `Intl.NumberFormat` (a seat or a team counted from 1,
 * a port as it is typed, milliseconds as whole seconds), a list → `Intl.ListFormat`,
 * a nested message → worded the same way; a count with its forms (`{deals:# deal|# deals}`) by the
 * language's plural rules. Nothing here knows a rule.
 */
import { RANK_LETTER, SUIT_LETTER, deckFamily, isCardCode, type DeckStyle } from '../cards';
import { CARD_NAMES, cardName } from './cardNames';
import type { Lang } from './langs';
import { MESSAGE_TEXTS } from './messages';
import { DICTS, PLACEHOLDER, format, plural } from './index.svelte';
import { optionText, optionValueText } from './options';
import { formatText } from '../game/fromView';
import type { Action } from '../bindings/Action';
import type { Bid } from '../bindings/Bid';
import { MIN_BID_POINTS } from '../bindings/constants';
import type { MatchFormat } from '../bindings/MatchFormat';
import type { OptionValue } from '../bindings/OptionValue';
import type { Requirement } from '../bindings/Requirement';

/** A message as Rust sends it: `{ "id": kebab-id, …named params }`. */
export interface MessageData {
  id: string;
  [param: string]: unknown;
}

/** Where a message is shown: the language and the deck whose suit names to use. */
export interface WordContext {
  lang: Lang;
  deck: DeckStyle;
  /** Who sits at a seat, by name, where the reader knows the table (`{seat:who}` in a template). */
  seatName?: (seat: number) => string;
  /** Worded inside another message's sentence (its first word is not the sentence's). */
  nested?: boolean;
}

/** A number in the language's notation. */
export function number(n: number, lang: Lang): string {
  return new Intl.NumberFormat(lang).format(n);
}

function isMessage(v: unknown): v is MessageData {
  return !!v && typeof v === 'object' && !Array.isArray(v) && typeof (v as MessageData).id === 'string';
}

/** Lower-cases a name that does not open the sentence ("Asso di coppe" → "asso di coppe"). */
function inner(text: string, atStart: boolean): string {
  return atStart ? text : text.charAt(0).toLocaleLowerCase() + text.slice(1);
}

/**
 * The person at a seat (`{seat:who}`): by name where the reader knows the table, otherwise "the
 * player at seat 4" in the language's words — never a gendered noun.
 */
function who(seat: number, ctx: WordContext, atStart: boolean): string {
  const named = ctx.seatName?.(seat);
  if (named) return named;
  const text = format((DICTS[ctx.lang] as Record<string, string>)['words.playerAt'], { n: number(seat + 1, ctx.lang) });
  return atStart && !ctx.nested ? text.charAt(0).toLocaleUpperCase() + text.slice(1) : text;
}

/** A list in the language's words: "2, 3, 4 o 6" (`or`) or "A, B e C" (`and`). */
function list(items: string[], lang: Lang, type: 'conjunction' | 'disjunction'): string {
  return new Intl.ListFormat(lang, { type }).format(items);
}

/**
 * One parameter of message `m`, by its name where the name says what it is (an option and its
 * values, a match format, a bid, a game phase), otherwise by its value.
 */
function param(name: string, v: unknown, m: MessageData, ctx: WordContext, atStart: boolean): string {
  const dict = DICTS[ctx.lang] as Record<string, string>;
  const option = typeof m.option === 'string' ? m.option : null;
  if (name === 'option' && typeof v === 'string') return optionText(v, ctx.lang);
  if (option && (name === 'value' || name === 'allowed')) {
    const values = (Array.isArray(v) ? v : [v]) as OptionValue[];
    return list(values.map((x) => optionValueText(option, x, ctx.lang, ctx.deck)), ctx.lang, 'disjunction');
  }
  if (name === 'requirement' && v && typeof v === 'object') {
    const r = v as Requirement;
    return `${optionText(r.option, ctx.lang)}: ${list(r.values.map((x) => optionValueText(r.option, x, ctx.lang, ctx.deck)), ctx.lang, 'disjunction')}`;
  }
  if (name === 'format' && v && typeof v === 'object') {
    const f = formatText(v as MatchFormat);
    return format(dict[f.key] ?? f.key, { n: number(f.n, ctx.lang) });
  }
  if ((name === 'bid' || name === 'best') && v && typeof v === 'object') {
    const b = v as Bid;
    const rank = param('rank', b.rank, m, ctx, atStart);
    return b.points > MIN_BID_POINTS ? `${rank} (${number(b.points, ctx.lang)})` : rank;
  }
  if ((name === 'action' || name === 'better') && v && typeof v === 'object' && 'kind' in v) {
    const a = v as Action;
    if (a.kind === 'play' || a.kind === 'call') return param('', a.card, m, ctx, atStart);
    if (a.kind === 'exchange') return format(dict['review.act.exchange'], { card: cardName(a.card, ctx.lang, ctx.deck) });
    if (a.kind === 'bid') return param('bid', { rank: a.rank, points: a.points }, m, ctx, atStart);
    if (a.kind === 'sena') return format(dict['review.act.sena'], { sena: dict[`sena.${a.sena}`] });
    return dict[a.kind === 'pass' ? 'review.act.pass' : 'review.act.manoNegra'];
  }
  if (name === 'phase' && typeof v === 'string') return dict[`phase.${v}`] ?? v;
  if (name === 'sena' && typeof v === 'string') return dict[`sena.${v}`] ?? v;
  if (name === 'problem' && typeof v === 'string') return dict[`invitation.problem.${v}`] ?? v;
  if (name === 'port' && typeof v === 'number') return String(v);
  if (name === 'allowed' && Array.isArray(v)) return list(v.map((x) => param('', x, m, ctx, false)), ctx.lang, 'disjunction');
  if (typeof v === 'number') return number(counted(name, v), ctx.lang);
  if (typeof v === 'boolean') return dict[v ? 'common.on' : 'common.off'];
  if (Array.isArray(v)) return list(v.map((x) => param('', x, m, ctx, false)), ctx.lang, 'conjunction');
  if (isMessage(v)) return word(v, { ...ctx, nested: true });
  if (typeof v !== 'string') return String(v ?? '');
  if (isCardCode(v)) return inner(cardName(v, ctx.lang, ctx.deck), atStart);
  const names = CARD_NAMES[ctx.lang][deckFamily(ctx.deck)];
  if (Object.hasOwn(SUIT_LETTER, v)) return names.suits[SUIT_LETTER[v as keyof typeof SUIT_LETTER]];
  if (Object.hasOwn(RANK_LETTER, v)) return inner(names.ranks[RANK_LETTER[v as keyof typeof RANK_LETTER]], atStart);
  return dict[`preset.${v}`] ?? v;
}

/**
 * A number as a player counts it: seats and teams from 1 (the table numbers them from 0), a delay in
 * milliseconds (`retry_ms`) as whole seconds, rounded up.
 */
function counted(name: string, v: number): number {
  if (name === 'seat' || name === 'team') return v + 1;
  if (name.endsWith('_ms')) return Math.ceil(v / 1000);
  return v;
}

/** The template of a message id in a language (English, then the id itself, when missing). */
export function template(id: string, lang: Lang): string {
  return MESSAGE_TEXTS[lang][id] ?? MESSAGE_TEXTS.en[id] ?? id;
}

/** A move as a message words it inside a sentence: the card played or called, or the move. */
export function actionWords(action: Action, ctx: WordContext): string {
  return param('action', action, { id: '' }, ctx, false);
}

/** The sentence for a message. */
export function word(m: MessageData, ctx: WordContext): string {
  const text = template(m.id, ctx.lang);
  return text.replace(PLACEHOLDER, (all, k: string, forms: string | undefined, at: number) => {
    if (!(k in m)) return all;
    if (forms === 'who' && typeof m[k] === 'number') return who(m[k] as number, ctx, at === 0);
    const shown = param(k, m[k], m, ctx, at === 0);
    return forms !== undefined && typeof m[k] === 'number' ? plural(forms, counted(k, m[k] as number), ctx.lang, shown) : shown;
  });
}

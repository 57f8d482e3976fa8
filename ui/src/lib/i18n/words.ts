/**
 * Words the data Rust sends: a message `{ id, …params }` (a hint reason, an engine or command
 * error, a store warning) becomes a sentence in the player's language, with card and suit names
 * for the deck family in use and numbers through `Intl`. The templates live in
 * `i18n/messages/<lang>.ts`, keyed by message id; a parameter is worded by what it is:
 * a card code → its name (`cardName`, the one card-naming function), a suit or rank → its name,
 * a preset id → the preset's name, a number → `Intl.NumberFormat`, a list → `Intl.ListFormat`,
 * a nested message → worded the same way. Nothing here knows a rule.
 */
import { RANKS, SUITS, deckFamily, isCardCode, type DeckStyle } from '../cards';
import type { Rank as EngineRank } from '../bindings/Rank';
import type { Suit as EngineSuit } from '../bindings/Suit';
import { CARD_NAMES, cardName } from './cardNames';
import type { Lang } from './langs';
import { MESSAGE_TEXTS } from './messages';
import { DICTS } from './index.svelte';

/** A message as Rust sends it: `{ "id": kebab-id, …named params }`. */
export interface MessageData {
  id: string;
  [param: string]: unknown;
}

/** Where a message is shown: the language and the deck whose suit names to use. */
export interface WordContext {
  lang: Lang;
  deck: DeckStyle;
}

const ENGINE_SUITS: readonly EngineSuit[] = ['coins', 'cups', 'swords', 'clubs'];
const ENGINE_RANKS: readonly EngineRank[] = ['ace', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'jack', 'knight', 'king'];

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

function param(v: unknown, ctx: WordContext, atStart: boolean): string {
  if (typeof v === 'number') return number(v, ctx.lang);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return new Intl.ListFormat(ctx.lang, { type: 'conjunction' }).format(v.map((x) => param(x, ctx, false)));
  if (isMessage(v)) return word(v, ctx);
  if (typeof v !== 'string') return String(v ?? '');
  if (isCardCode(v)) return inner(cardName(v, ctx.lang, ctx.deck), atStart);
  const names = CARD_NAMES[ctx.lang][deckFamily(ctx.deck)];
  const suit = ENGINE_SUITS.indexOf(v as EngineSuit);
  if (suit >= 0) return names.suits[SUITS[suit]];
  const rank = ENGINE_RANKS.indexOf(v as EngineRank);
  if (rank >= 0) return inner(names.ranks[RANKS[rank]], atStart);
  const preset = (DICTS[ctx.lang] as Record<string, string>)[`preset.${v}`];
  return preset ?? v;
}

/** The template of a message id in a language (English, then the id itself, when missing). */
export function template(id: string, lang: Lang): string {
  return MESSAGE_TEXTS[lang][id] ?? MESSAGE_TEXTS.en[id] ?? id;
}

/** The sentence for a message. */
export function word(m: MessageData, ctx: WordContext): string {
  const text = template(m.id, ctx.lang);
  return text.replace(/\{(\w+)\}/g, (all, k: string, at: number) => (k in m ? param(m[k], ctx, at === 0) : all));
}

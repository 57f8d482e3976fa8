import type { Card } from './bindings/Card';
import type { DeckStyle } from './bindings/DeckStyle';
import type { Rank as EngineRank } from './bindings/Rank';
import type { RankValue } from './bindings/RankValue';
import type { Suit as EngineSuit } from './bindings/Suit';
/** Card notation (see docs/card-notation.md): rank char + suit char, e.g. `Ad`, `3c`, `Qs`. */
export const SUITS = ['d', 'c', 's', 'b'] as const;
export type Suit = (typeof SUITS)[number];
/** A rank as the notation writes it (`A 2-9 J Q K`): the first character of the generated `Card`. */
export type Rank = Card extends `${infer R}${Suit}` ? R : never;
/** A card: the engine's generated union of every card code (the notation's `${Rank}${Suit}`, checked in misc.test.ts). */
export type CardCode = Card;

export type { DeckStyle };
export { DECK_STYLES } from './bindings/constants';
/** Latin-suited decks (coins, cups, swords, clubs) versus French-suited ones. */
export type DeckFamily = 'latin' | 'french';

export function deckFamily(style: DeckStyle): DeckFamily {
  return style === 'french' || style === 'french-4color' ? 'french' : 'latin';
}

export function isCardCode(s: string): s is CardCode {
  return s.length === 2 && (RANKS as readonly string[]).includes(s[0]) && (SUITS as readonly string[]).includes(s[1]);
}

export function parseCard(code: string): { rank: Rank; suit: Suit } {
  const map: Record<string, Suit> = { '♦': 'd', '♥': 'c', '♠': 's', '♣': 'b' };
  const c = code.trim();
  const fixed = c[0] + (map[c.slice(1)] ?? c.slice(1));
  if (!isCardCode(fixed)) throw new Error(`not a card: ${code}`);
  return { rank: fixed[0] as Rank, suit: fixed[1] as Suit };
}

/** Point values per rank: they depend on the ruleset, so callers pass them in. */
export type PointValues = Partial<Record<Rank, number>>;

/** The engine's suit names → the notation's suit letters (docs/card-notation.md). */
export const SUIT_LETTER: Record<EngineSuit, Suit> = { coins: 'd', cups: 'c', swords: 's', clubs: 'b' };

/**
 * The engine's rank names (the generated `Rank`) → the notation's rank letters: the one table between
 * the two, every engine rank to one letter (misc.test.ts checks that the letters are every `Rank`).
 */
export const RANK_LETTER = {
  ace: 'A', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', jack: 'J', knight: 'Q', king: 'K',
} as const satisfies Record<EngineRank, Rank>;

/** Every rank letter, from the ace to the king. */
export const RANKS: readonly Rank[] = Object.values(RANK_LETTER);

/** The point values of a card-value table the shell sent (`RankValue[]`, from the engine). */
export function pointValues(table: readonly RankValue[]): PointValues {
  return Object.fromEntries(table.filter((v) => v.points > 0).map((v) => [RANK_LETTER[v.rank], v.points]));
}

export function cardPoints(code: CardCode, values: PointValues): number {
  return values[code[0] as Rank] ?? 0;
}

/** Base URL of the card images: the build copies `assets/cards` into `dist/cards`. */
export const CARDS_BASE = './cards';

export function cardImageUrl(style: DeckStyle, code: CardCode): string {
  return `${CARDS_BASE}/${style}/${code}.svg`;
}
export function backImageUrl(style: DeckStyle): string {
  return `${CARDS_BASE}/${style}/back.svg`;
}

/** Text labels used on the fallback face when an image is missing. */
export function cornerLabel(code: CardCode, style: DeckStyle): string {
  const r = code[0] as Rank;
  if (r === 'A') return deckFamily(style) === 'french' ? 'A' : '1';
  if (deckFamily(style) === 'french') return r;
  if (style === 'spanish') return ({ J: '10', Q: '11', K: '12' } as Record<string, string>)[r] ?? r;
  if (style === 'italian-fcr') return ({ J: 'F', Q: 'C', K: 'R' } as Record<string, string>)[r] ?? r;
  return ({ J: '8', Q: '9', K: '10' } as Record<string, string>)[r] ?? r;
}

export const SUIT_SYMBOL: Record<DeckFamily, Record<Suit, string>> = {
  french: { d: '♦', c: '♥', s: '♠', b: '♣' },
  // Latin suits have no Unicode glyphs: small pictograms are drawn in CSS/SVG by the fallback face.
  latin: { d: '●', c: '♁', s: '⚔', b: '♣' },
};

/** Suit colour class for the fallback face: two colours for French, four for four-colour and Latin. */
export function suitTone(suit: Suit, style: DeckStyle): 'red' | 'black' | 'blue' | 'green' | 'gold' {
  if (style === 'french') return suit === 'd' || suit === 'c' ? 'red' : 'black';
  if (style === 'french-4color') return ({ d: 'blue', c: 'red', s: 'black', b: 'green' } as const)[suit];
  return ({ d: 'gold', c: 'red', s: 'blue', b: 'green' } as const)[suit];
}

import { deckFamily, type CardCode, type DeckFamily, type DeckStyle, type PointValues, type Rank, type Suit, cardPoints } from '../cards';
import type { Lang } from './langs';

interface CardNaming {
  ranks: Record<Rank, string>;
  suits: Record<Suit, string>;
  /** Joins rank and suit: "Asso di denari", "Ace of coins". */
  join: (rank: string, suit: string) => string;
  points: (n: number) => string;
}

const itRanks = { A: 'Asso', '2': 'Due', '3': 'Tre', '4': 'Quattro', '5': 'Cinque', '6': 'Sei', '7': 'Sette', '8': 'Otto', '9': 'Nove' };
const esRanks = { A: 'As', '2': 'Dos', '3': 'Tres', '4': 'Cuatro', '5': 'Cinco', '6': 'Seis', '7': 'Siete', '8': 'Ocho', '9': 'Nueve' };
const enRanks = { A: 'Ace', '2': 'Two', '3': 'Three', '4': 'Four', '5': 'Five', '6': 'Six', '7': 'Seven', '8': 'Eight', '9': 'Nine' };
const ptRanks = { A: 'Ás', '2': 'Dois', '3': 'Três', '4': 'Quatro', '5': 'Cinco', '6': 'Seis', '7': 'Sete', '8': 'Oito', '9': 'Nove' };

const it = (n: number) => (n === 0 ? 'nessun punto' : `${n} punti`);
const es = (n: number) => (n === 0 ? 'sin puntos' : `${n} puntos`);
const en = (n: number) => (n === 0 ? 'no points' : `${n} points`);
const pt = (n: number) => (n === 0 ? 'sem pontos' : `${n} pontos`);

export const CARD_NAMES: Record<Lang, Record<DeckFamily, CardNaming>> = {
  it: {
    latin: {
      ranks: { ...itRanks, J: 'Fante', Q: 'Cavallo', K: 'Re' },
      suits: { d: 'denari', c: 'coppe', s: 'spade', b: 'bastoni' },
      join: (r, s) => `${r} di ${s}`,
      points: it,
    },
    french: {
      ranks: { ...itRanks, J: 'Fante', Q: 'Donna', K: 'Re' },
      suits: { d: 'quadri', c: 'cuori', s: 'picche', b: 'fiori' },
      join: (r, s) => `${r} di ${s}`,
      points: it,
    },
  },
  es: {
    latin: {
      ranks: { ...esRanks, J: 'Sota', Q: 'Caballo', K: 'Rey' },
      suits: { d: 'oros', c: 'copas', s: 'espadas', b: 'bastos' },
      join: (r, s) => `${r} de ${s}`,
      points: es,
    },
    french: {
      ranks: { ...esRanks, J: 'Jota', Q: 'Reina', K: 'Rey' },
      suits: { d: 'diamantes', c: 'corazones', s: 'picas', b: 'tréboles' },
      join: (r, s) => `${r} de ${s}`,
      points: es,
    },
  },
  en: {
    latin: {
      ranks: { ...enRanks, J: 'Jack', Q: 'Knight', K: 'King' },
      suits: { d: 'coins', c: 'cups', s: 'swords', b: 'clubs' },
      join: (r, s) => `${r} of ${s}`,
      points: en,
    },
    french: {
      ranks: { ...enRanks, J: 'Jack', Q: 'Queen', K: 'King' },
      suits: { d: 'diamonds', c: 'hearts', s: 'spades', b: 'clubs' },
      join: (r, s) => `${r} of ${s}`,
      points: en,
    },
  },
  pt: {
    latin: {
      ranks: { ...ptRanks, J: 'Valete', Q: 'Cavalo', K: 'Rei' },
      suits: { d: 'ouros', c: 'copas', s: 'espadas', b: 'paus' },
      join: (r, s) => `${r} de ${s}`,
      points: pt,
    },
    french: {
      ranks: { ...ptRanks, J: 'Valete', Q: 'Dama', K: 'Rei' },
      suits: { d: 'ouros', c: 'copas', s: 'espadas', b: 'paus' },
      join: (r, s) => `${r} de ${s}`,
      points: pt,
    },
  },
};

/** "Asso di denari", "Sota de copas", "Queen of hearts". */
export function cardName(code: CardCode, lang: Lang, style: DeckStyle): string {
  const n = CARD_NAMES[lang][deckFamily(style)];
  return n.join(n.ranks[code[0] as Rank], n.suits[code[1] as Suit]);
}

/**
 * A card's name inside a sentence, where the rank is a common noun in every catalog language:
 * "¿Cambiar tu siete de oros por la muestra, rey de espadas?", "Luca gioca asso di coppe."
 * (`cardName` is for a name that stands alone or opens a label.)
 */
export function cardNameInSentence(code: CardCode, lang: Lang, style: DeckStyle): string {
  const name = cardName(code, lang, style);
  return name.charAt(0).toLocaleLowerCase(lang) + name.slice(1);
}

/** Name of a suit alone: "denari", "oros", "hearts". */
export function suitName(suit: Suit, lang: Lang, style: DeckStyle): string {
  return CARD_NAMES[lang][deckFamily(style)].suits[suit];
}

/** Accessible name with the ruleset's point value: "Asso di denari, 11 punti". */
export function cardAccessibleName(code: CardCode, lang: Lang, style: DeckStyle, values: PointValues): string {
  return `${cardName(code, lang, style)}, ${CARD_NAMES[lang][deckFamily(style)].points(cardPoints(code, values))}`;
}

import type { PresetId } from '../game/presets';

/** One block of a rules page: a heading, paragraphs, and optional bullet points. */
export interface RulesSection {
  title: string;
  text: string[];
  list?: string[];
}

export interface PresetRules {
  /** One or two sentences: what this game is. */
  intro: string;
  sections: RulesSection[];
  tips: string[];
}

export type RulesBook = Record<PresetId, PresetRules>;

import type { Preset } from '../bindings/Preset';

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

/** Every preset's rules (the generated `Preset` makes the compiler require each one). */
export type RulesBook = Record<Preset, PresetRules>;

import type { RulesBook } from './types';

const stub = { intro: 'TODO', sections: [], tips: [] };
export const es: RulesBook = { briscola: stub, brisca: stub, bisca: stub, scoperta: stub, briscolone: stub, chiamata: stub, dupla: stub };

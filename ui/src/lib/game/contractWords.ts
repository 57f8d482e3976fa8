/**
 * The chiamata contract in words, the same on the table and in the screen reader's announcements:
 * who is whose partner, worded from your point of view ("You are Luca's partner", "Sara is your
 * partner", "Luca called his own card and plays alone").
 */
import { t } from '../i18n/index.svelte';

export function partnerText(declarer: number, partner: number, you: number, who: (seat: number) => string): string {
  if (partner === declarer) return declarer === you ? t('table.youAlone') : t('table.alone', { name: who(declarer) });
  if (partner === you) return t('table.youPartnerOf', { declarer: who(declarer) });
  if (declarer === you) return t('table.yourPartner', { name: who(partner) });
  return t('table.partnerOf', { name: who(partner), declarer: who(declarer) });
}

import type { Licence } from '@hls/contract';
import { appLanguage } from '@/i18n/languages';

const ccPaths: Record<Exclude<Licence, 'all_rights_reserved'>, string> = {
  cc_by: 'by',
  cc_by_nc: 'by-nc',
  cc_by_nc_nd: 'by-nc-nd',
};

/** The licence's deed on creativecommons.org, in the reader's language; null for "all rights reserved". */
export function licenceUrl(licence: Licence, language: string): string | null {
  if (licence === 'all_rights_reserved') return null;
  const deed = appLanguage(language) === 'fr' ? 'deed.fr' : 'deed.en';
  return `https://creativecommons.org/licenses/${ccPaths[licence]}/4.0/${deed}`;
}

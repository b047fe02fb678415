import { aedOptionModules, optionLanguage, type AedOptionModule } from '../../../../contract/aed-options';
import { aedErrorKeys } from '../../../../contract/aed.errors';
import { badRequest } from '../../errors';

/**
 * GET backOffice/option/getOptionsModules?lang&module: option lists with labels in the language.
 * module "aed" (or none) gives every list; a list name (brands, problemTypes…) gives that one.
 */
export function optionsModules(lang: string | undefined, module: string | undefined) {
  const language = optionLanguage(lang);
  const names = (!module || module === 'aed' ? Object.keys(aedOptionModules) : [module]) as AedOptionModule[];
  const result: Record<string, { value: string | number; label: string; brand?: string }[]> = {};
  for (const name of names) {
    const list = aedOptionModules[name];
    if (!list) throw badRequest(aedErrorKeys.options, { module });
    result[name] = list().map((option) => ({ value: option.value, label: option.labels[language], ...('brand' in option ? { brand: option.brand as string } : {}) }));
  }
  return result;
}

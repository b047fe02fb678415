import { aedBrands } from '../../../../contract/aed-options';
import { compact } from './values';

/** A brand or model as the catalogue spells it, or what the file said when the catalogue does not know it. */
export interface CatalogueMatch {
  brand?: string;
  model?: string;
  unknownBrand: boolean;
  unknownModel: boolean;
}

const brands = Object.keys(aedBrands).map((name) => ({ name, key: compact(name), models: aedBrands[name].map((model) => ({ name: model, key: compact(model) })) }));
/** Names the national base uses for a maker whose devices the catalogue lists under another brand. */
const brandAliases: Record<string, string> = {
  physiocontrol: 'Stryker',
  cardiacscience: 'Cardiac Science',
  zollmedical: 'Zoll',
  schillerfrance: 'Schiller',
  philipsmedical: 'Philips',
  philipsfrance: 'Philips',
};

function findBrand(text: string) {
  const key = compact(text);
  if (key.length < 2) return undefined;
  const alias = brandAliases[key];
  if (alias) return brands.find((brand) => brand.name === alias);
  return brands.find((brand) => brand.key === key) ?? brands.find((brand) => key.startsWith(brand.key) || (brand.key.length >= 4 && key.includes(brand.key)));
}

function findModel(models: { name: string; key: string }[], text: string) {
  const key = compact(text);
  if (key.length < 2) return undefined;
  return models.find((model) => model.key === key) ?? models.find((model) => model.key.endsWith(key) || key.endsWith(model.key));
}

/**
 * Checks a brand and a model against the AED catalogue (contract/aed-options.ts), whatever the
 * case, accents, spaces or maker prefixes ("PHILIPS MEDICAL" → Philips, "FRX" → HeartStart FRx).
 * Known names come back in the catalogue's spelling; unknown ones are kept as written and flagged.
 */
export function matchCatalogue(brandText: string | undefined, modelText: string | undefined): CatalogueMatch {
  const result: CatalogueMatch = { unknownBrand: false, unknownModel: false };
  const brand = brandText ? findBrand(brandText) : undefined;
  if (brandText) {
    result.brand = brand?.name ?? brandText;
    result.unknownBrand = !brand;
  }
  if (modelText) {
    const candidates = brand ? brand.models : brands.flatMap((entry) => entry.models);
    const model = findModel(candidates, modelText);
    result.model = model?.name ?? modelText;
    result.unknownModel = !model;
  }
  return result;
}

/**
 * Answers shaped exactly like the real services' answers, for the local test servers of
 * geocoding.test.ts: BAN (api-adresse GeoJSON) and Nominatim (format=jsonv2, addressdetails=1).
 */

const banContext = '63, Puy-de-Dôme, Auvergne-Rhône-Alpes';

/** BAN /search/ for "12 rue Blatin 63000 Clermont-Ferrand": one feature of each type. */
export const banSearch = {
  type: 'FeatureCollection',
  version: 'draft',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [3.08727, 45.775927] },
      properties: {
        label: '12 Rue Blatin 63000 Clermont-Ferrand', score: 0.9731545454545454, housenumber: '12', id: '63113_0735_00012',
        name: '12 Rue Blatin', postcode: '63000', citycode: '63113', x: 706432.84, y: 6519027.37, city: 'Clermont-Ferrand',
        context: banContext, type: 'housenumber', importance: 0.70469, street: 'Rue Blatin',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [3.086312, 45.776404] },
      properties: {
        label: 'Rue Blatin 63000 Clermont-Ferrand', score: 0.7612, id: '63113_0735', name: 'Rue Blatin', postcode: '63000',
        citycode: '63113', x: 706359.1, y: 6519080.2, city: 'Clermont-Ferrand', context: banContext, type: 'street', importance: 0.70469,
        street: 'Rue Blatin',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [3.104873, 45.803512] },
      properties: {
        label: 'Les Vergnes 63100 Clermont-Ferrand', score: 0.4411, id: '63113_b012', name: 'Les Vergnes', postcode: '63100',
        citycode: '63113', x: 707811.5, y: 6522061.8, city: 'Clermont-Ferrand', context: banContext, type: 'locality', importance: 0.5221,
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [3.095779, 45.784322] },
      properties: {
        label: 'Clermont-Ferrand', score: 0.4, id: '63113', type: 'municipality', name: 'Clermont-Ferrand', postcode: '63000',
        citycode: '63113', x: 707107.52, y: 6519919.9, population: 147284, city: 'Clermont-Ferrand', context: banContext, importance: 0.67372,
      },
    },
  ],
  attribution: 'BAN',
  licence: 'ETALAB-2.0',
  query: '12 rue Blatin 63000 Clermont-Ferrand',
  filters: { postcode: '63000' },
  limit: 5,
};

/** BAN /reverse/ near 12 rue Blatin. */
export const banReverse = {
  type: 'FeatureCollection',
  version: 'draft',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [3.08727, 45.775927] },
      properties: {
        label: '12 Rue Blatin 63000 Clermont-Ferrand', score: 0.999998, housenumber: '12', id: '63113_0735_00012', name: '12 Rue Blatin',
        postcode: '63000', citycode: '63113', x: 706432.84, y: 6519027.37, city: 'Clermont-Ferrand', context: banContext,
        type: 'housenumber', importance: 0.70469, street: 'Rue Blatin', distance: 3,
      },
    },
  ],
  attribution: 'BAN',
  licence: 'ETALAB-2.0',
  limit: 1,
};

/** BAN answer when nothing matches. */
export const banEmpty = { type: 'FeatureCollection', version: 'draft', features: [], attribution: 'BAN', licence: 'ETALAB-2.0', query: 'zzzz', limit: 5 };

const osmLicence = 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright';
const clermontAddress = {
  city: 'Clermont-Ferrand', municipality: 'Clermont-Ferrand', county: 'Puy-de-Dôme', 'ISO3166-2-lvl6': 'FR-63', state: 'Auvergne-Rhône-Alpes',
  'ISO3166-2-lvl4': 'FR-ARA', region: 'France métropolitaine', postcode: '63000', country: 'France', country_code: 'fr',
};

/** Nominatim /search for "12 rue Blatin 63000 Clermont-Ferrand": a house, a street, a hamlet, the city. */
export const nominatimSearch = [
  {
    place_id: 118006489, licence: osmLicence, osm_type: 'node', osm_id: 3390467512, lat: '45.7759283', lon: '3.0872688', category: 'place',
    type: 'house', place_rank: 30, importance: 0.00000999999999995449, addresstype: 'place', name: '',
    display_name: '12, Rue Blatin, Jaude, Clermont-Ferrand, Puy-de-Dôme, Auvergne-Rhône-Alpes, France métropolitaine, 63000, France',
    address: { house_number: '12', road: 'Rue Blatin', suburb: 'Jaude', ...clermontAddress },
    boundingbox: ['45.7758783', '45.7759783', '3.0872188', '3.0873188'],
  },
  {
    place_id: 117850117, licence: osmLicence, osm_type: 'way', osm_id: 24613871, lat: '45.7764039', lon: '3.0863118', category: 'highway',
    type: 'residential', place_rank: 26, importance: 0.0533433333333333, addresstype: 'road', name: 'Rue Blatin',
    display_name: 'Rue Blatin, Jaude, Clermont-Ferrand, Puy-de-Dôme, Auvergne-Rhône-Alpes, France métropolitaine, 63000, France',
    address: { road: 'Rue Blatin', suburb: 'Jaude', ...clermontAddress },
    boundingbox: ['45.7752406', '45.7775781', '3.0843271', '3.0882464'],
  },
  {
    place_id: 118217260, licence: osmLicence, osm_type: 'node', osm_id: 1411935872, lat: '45.8034513', lon: '3.1048702', category: 'place',
    type: 'hamlet', place_rank: 20, importance: 0.1100901, addresstype: 'hamlet', name: 'Les Vergnes',
    display_name: 'Les Vergnes, Clermont-Ferrand, Puy-de-Dôme, Auvergne-Rhône-Alpes, France métropolitaine, 63100, France',
    address: { hamlet: 'Les Vergnes', ...clermontAddress, postcode: '63100' },
    boundingbox: ['45.7834513', '45.8234513', '3.0848702', '3.1248702'],
  },
  {
    place_id: 117890765, licence: osmLicence, osm_type: 'relation', osm_id: 1314870, lat: '45.7774551', lon: '3.0819427', category: 'boundary',
    type: 'administrative', place_rank: 16, importance: 0.6781013823386234, addresstype: 'city', name: 'Clermont-Ferrand',
    display_name: 'Clermont-Ferrand, Puy-de-Dôme, Auvergne-Rhône-Alpes, France métropolitaine, 63000, France',
    address: clermontAddress,
    boundingbox: ['45.7438327', '45.8135781', '3.0499962', '3.1677027'],
  },
];

/** Nominatim /reverse near 12 rue Blatin. */
export const nominatimReverse = nominatimSearch[0];

/** Nominatim /reverse where nothing is mapped. */
export const nominatimReverseNothing = { error: 'Unable to geocode' };

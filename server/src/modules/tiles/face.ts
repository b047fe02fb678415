// What other modules may use of the map tiles.

/** Which basemap the SPA shows: the local archive, an online one, or none. */
export { basemapOf } from './service';

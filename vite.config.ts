import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { catalogueParts } from './scripts/catalogue-parts';
import { cssSubset, spaSources } from './scripts/css-subset';
import { endpointTablesForSpa } from './scripts/endpoint-tables';
import { fontSubset } from './scripts/font-subset';

/** The Vigil server the dev server (and `vite preview`) forwards the API to; VIGIL_API overrides it. */
const server = process.env.VIGIL_API ?? 'http://127.0.0.1:3000';

/**
 * The PrimeReact theme we start from (lara-light-green) ships an emerald primary written as
 * literal colours, not variables. The spec asks for a green primary, so this rewrites those
 * colours into a deeper green that keeps white text readable (contrast above 4.5:1).
 */
const emeraldToGreen: Record<string, string> = {
  '#10b981': '#15803d',
  '#059669': '#166534',
  '#047857': '#14532d',
  '#a7f3d0': '#bbf7d0',
  '#f0fdfa': '#f0fdf4',
  'rgba(16, 185, 129,': 'rgba(21, 128, 61,',
};

function greenPrimary(): Plugin {
  return {
    name: 'vigil-green-primary',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('primereact/resources/themes/lara-light-green/theme.css')) return null;
      let css = code;
      for (const [from, to] of Object.entries(emeraldToGreen)) css = css.split(from).join(to);
      return { code: css, map: null };
    },
  };
}

/** Vite builds the SPA into dist/ (the server serves it); in development it proxies the API and the WebSocket. */
export default defineConfig({
  plugins: [
    react(),
    greenPrimary(),
    endpointTablesForSpa(),
    catalogueParts(),
    // PrimeFlex and PrimeIcons' classes: only those the sources name reach the build.
    cssSubset({ sheets: /(primeflex\/primeflex|primeicons\/primeicons)\.css$/, sources: spaSources }),
    // After it: PrimeIcons' font keeps the glyphs of the classes left; Inter, a Latin part downloaded first.
    fontSubset({ icons: /primeicons\/primeicons\.css$/, text: /primereact\/resources\/themes\/lara-light-green\/theme\.css$/, sources: spaSources }),
  ],
  // The largest chunk is ELK (1.5 MB, 450 kB gzipped), loaded only when the inspector draws a statechart.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/services/ws': { target: server, ws: true, changeOrigin: true },
      '/services': { target: server, changeOrigin: true },
      '/api': { target: server, changeOrigin: true },
      '/health': { target: server, changeOrigin: true },
    },
  },
});

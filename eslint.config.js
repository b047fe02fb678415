import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** Lint rules, including the boundaries of STYLE.md: views → machines → services, never back. */
export default tseslint.config(
  { ignores: ['.scratch*/**', 'test-results/**', 'dist/**', 'server/dist/**', 'node_modules/**', 'data/**', 'docs/**', 'coverage/**', 'server/src/db/migrations/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use src/services/http.ts.' }],
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'The SPA talks to the server over HTTP only.' }] }],
    },
  },
  {
    files: ['src/services/**/*.ts', 'src/machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/views/**', 'react-dom', '**/server/**'], message: 'services and machines never import views.' }] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/components/map/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'leaflet', message: 'Leaflet lives in src/components/map only.' }, { name: 'react-leaflet', message: 'Leaflet lives in src/components/map only.' }], patterns: [{ group: ['**/server/**'], message: 'The SPA talks to the server over HTTP only.' }] }],
    },
  },
  {
    // A module reaches another only through its face (modules/<area>/face.ts); shared/ belongs to no module.
    files: ['server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./(\\.\\./modules/)?[a-z-]+/(?!face$).+$', message: 'Import another module through its face.ts (or move shared code to server/src/shared).' }] }],
    },
  },
  {
    files: ['server/src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)modules/', message: 'server/src/shared depends on no module.' }] }],
    },
  },
);

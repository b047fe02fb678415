import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCatalogue, repoRoot } from './statechart-catalogue';
import { docsFolder, generateStatechartDocs, staleDocs } from './statechart-docs';

/**
 * `npm run statecharts`: regenerates docs/statecharts from every workflow machine and domain chart
 * (Markdown with Mermaid source, SVG, index) and removes pages of machines that no longer exist.
 */
async function main(): Promise<void> {
  const folder = join(repoRoot, docsFolder);
  const files = await generateStatechartDocs(await loadCatalogue());
  mkdirSync(folder, { recursive: true });
  const { changed, missing, extra } = staleDocs(files, folder);
  for (const name of [...changed, ...missing]) writeFileSync(join(folder, name), files.get(name)!);
  for (const name of extra) rmSync(join(folder, name));
  console.log(`${docsFolder}: ${files.size} files, ${changed.length} updated, ${missing.length} added, ${extra.length} removed.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

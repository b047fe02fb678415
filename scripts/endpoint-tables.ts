import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * An endpoint table (contract/<area>.endpoints.ts) also carries what only the server and the docs
 * read: the schemas that validate and document each call, the OpenAPI summary, why a write is not
 * audited, the permission matrix's notes. The SPA calls an endpoint by its method and path, takes
 * its types from the schemas at compile time, and only asks at run time whether it answers JSON
 * (`response`). So the SPA's copy of a table keeps `true` for each schema and empty prose, and drops
 * the imports and constants that only those needed: a screen loads the paths it calls, not zod and
 * the schemas behind them (the sign-in route then downloads no zod at all).
 */

const schemaFields = new Set(['params', 'query', 'body', 'json', 'response']);
const proseFields = new Set(['summary', 'notAudited', 'note']);

interface Edit {
  start: number;
  end: number;
  text: string;
}

function applyEdits(code: string, edits: Edit[]): string {
  return [...edits].sort((a, b) => b.start - a.start).reduce((text, edit) => text.slice(0, edit.start) + edit.text + text.slice(edit.end), code);
}

const parse = (code: string) => ts.createSourceFile('table.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

const isEndpointCall = (node: ts.Node): node is ts.CallExpression => ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'endpoint';

/** Schemas of each `endpoint({...})` become `true`; prose strings become empty. */
function lightenDeclarations(source: ts.SourceFile): Edit[] {
  const edits: Edit[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && proseFields.has(node.name.text) && ts.isStringLiteralLike(node.initializer)) {
      edits.push({ start: node.initializer.getStart(source), end: node.initializer.end, text: "''" });
    }
    if (isEndpointCall(node) && node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0])) {
      for (const property of node.arguments[0].properties) {
        const named = (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) && ts.isIdentifier(property.name);
        if (named && schemaFields.has((property.name as ts.Identifier).text)) {
          edits.push({ start: property.getStart(source), end: property.end, text: `${(property.name as ts.Identifier).text}: true` });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edits;
}

/** Names read by the code outside types, declarations' own names and property names. */
function namesRead(source: ts.SourceFile): Set<string> {
  const read = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isTypeNode(node) || ts.isImportDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
    if (ts.isIdentifier(node)) {
      const parent = node.parent;
      const ownName =
        ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isParameter(parent) || ts.isFunctionDeclaration(parent)) && parent.name === node) ||
        (ts.isPropertyAccessExpression(parent) && parent.name === node);
      if (!ownName) read.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return read;
}

/** Unexported constants and imports nothing reads any more, removed until none is left. */
function dropUnread(code: string): string {
  for (;;) {
    const source = parse(code);
    const read = namesRead(source);
    const edits: Edit[] = [];
    for (const statement of source.statements) {
      if (ts.isVariableStatement(statement) && !statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) {
        const names = statement.declarationList.declarations.map((declaration) => declaration.name);
        if (names.every((name) => ts.isIdentifier(name) && !read.has(name.text))) edits.push({ start: statement.getFullStart(), end: statement.end, text: '' });
      }
      const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings) && !clause.name && bindings.elements.every((element) => !read.has(element.name.text))) {
        edits.push({ start: statement.getFullStart(), end: statement.end, text: '' });
      }
    }
    if (!edits.length) return code;
    code = applyEdits(code, edits);
  }
}

/** The SPA's copy of an endpoint table's source. */
export function tableForSpa(code: string): string {
  return dropUnread(applyEdits(code, lightenDeclarations(parse(code))));
}

/** The Vite plugin applying tableForSpa to contract/*.endpoints.ts. */
export function endpointTablesForSpa(): Plugin {
  return {
    name: 'vigil-endpoint-tables-for-spa',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/contract\/[\w.-]+\.endpoints\.ts$/.test(id)) return null;
      return { code: tableForSpa(code), map: null };
    },
  };
}

#!/usr/bin/env node
// Lints and typechecks packages, each with one TypeScript program: the checks of `tsc --noEmit`
// on the package's project, then ESLint (eslint.config.mjs) on the package's files with its typed
// rules reading that same program (`parserOptions.programs`), where `pnpm typecheck` and
// `pnpm lint` each build and check the program for themselves. The test command runs this; the
// two package scripts stay for use alone.
//
//   node scripts/lint-and-typecheck.mjs [--result FILE] [DIR ...]
//   node scripts/lint-and-typecheck.mjs [--result FILE] --project DIR TSCONFIG
//
// DIR is a package folder of scripts/typed-projects.mjs (all of them when none is named). Prints
// each package's type errors as tsc does, then its lint problems as ESLint does; FILE receives
// one entry per package: { dir, typeErrors, lintErrors, lintWarnings }. The exit code
// is 1 when a package has a type error or a lint error (warnings do not fail, as with ESLint).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { typedProjects } from './typed-projects.mjs';

const root = new URL('..', import.meta.url).pathname;

// `--project DIR TSCONFIG` checks a project not in the list (its own tests use one).
const args = process.argv.slice(2);
const option = (name, count) => {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const values = args.splice(at, count + 1).slice(1);
  if (values.length < count || values.some((value) => value.startsWith('--'))) {
    console.error(
      `${name} takes ${count === 1 ? 'a value' : `${count} values`}: see the usage at the top of scripts/lint-and-typecheck.mjs.`,
    );
    process.exit(2);
  }
  return values;
};
const resultFile = option('--result', 1)?.[0];
const extraProject = option('--project', 2);
const named = args.map((dir) => dir.replace(/\/$/, ''));
const unknown = named.filter((dir) => !typedProjects.some(([known]) => known === dir));
if (unknown.length > 0) {
  console.error(
    `Not a package with a TypeScript project: ${unknown.join(', ')}. Known: ${typedProjects.map(([dir]) => dir).join(', ')}.`,
  );
  process.exit(2);
}
const selected = extraProject
  ? [extraProject]
  : typedProjects.filter(([dir]) => named.length === 0 || named.includes(dir));

const formatHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};

// The program of `tsc -p <tsconfig> --noEmit`, its files with parent pointers (ESLint's parser
// needs them) and JSDoc parsed in full, as tsc parses it.
function programOf(configPath) {
  const problems = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    { noEmit: true },
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => problems.push(diagnostic) },
  );
  if (!parsed) return { program: undefined, diagnostics: problems };
  const host = ts.createCompilerHost(parsed.options, true);
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    host,
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
  return { program, diagnostics: [] };
}

const declares = (options) => Boolean(options.declaration || options.composite);

// What `tsc --noEmit` reports, in its order: each stage only when the one before found nothing.
function typeDiagnostics(program) {
  const found = [...program.getConfigFileParsingDiagnostics()];
  const settled = found.length;
  found.push(...program.getSyntacticDiagnostics());
  if (found.length === settled) {
    found.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
    if (found.length === settled) found.push(...program.getSemanticDiagnostics());
    if (found.length === settled && declares(program.getCompilerOptions())) {
      found.push(...program.getDeclarationDiagnostics());
    }
  }
  return ts.sortAndDeduplicateDiagnostics(found);
}

const results = [];
for (const [dir, tsconfig] of selected) {
  const start = Date.now();
  console.log(`\n$ typecheck and lint ${dir} (${tsconfig})`);
  const { program, diagnostics: configProblems } = programOf(join(root, dir, tsconfig));
  const diagnostics = program ? typeDiagnostics(program) : configProblems;
  const typeErrors = diagnostics.filter(
    (diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error,
  ).length;
  if (diagnostics.length > 0) {
    // In colour with the lines at fault on a terminal, as tsc's --pretty; plain in a log.
    const format = process.stdout.isTTY
      ? ts.formatDiagnosticsWithColorAndContext
      : ts.formatDiagnostics;
    process.stdout.write(format(diagnostics, formatHost));
    console.log(`\n${typeErrors} type error(s) in ${dir}`);
  }

  let lintErrors = 0;
  let lintWarnings = 0;
  if (program) {
    // A project inside this one (apps/web/sw) is linted with its own program.
    const nested = typedProjects
      .map(([other]) => other)
      .filter((other) => other.startsWith(`${dir}/`));
    const eslint = new ESLint({
      cwd: root,
      ignorePatterns: nested.map((other) => `${other}/**`),
      overrideConfig: [
        {
          files: [`${dir}/**/*.{ts,tsx}`],
          languageOptions: { parserOptions: { programs: [program] } },
        },
      ],
    });
    const linted = await eslint.lintFiles([dir]);
    const report = (await eslint.loadFormatter('stylish')).format(linted);
    if (report) process.stdout.write(`${report}\n`);
    for (const file of linted) {
      lintErrors += file.errorCount;
      lintWarnings += file.warningCount;
    }
  } else {
    lintErrors = 1;
    console.log(`${dir}: not linted, its TypeScript project could not be read`);
  }
  const seconds = (Date.now() - start) / 1000;
  console.log(
    `${dir}: ${typeErrors} type error(s), ${lintErrors} lint error(s), ${lintWarnings} warning(s) (${seconds.toFixed(0)} s)`,
  );
  results.push({ dir, typeErrors, lintErrors, lintWarnings });
}

if (resultFile) writeFileSync(resultFile, JSON.stringify(results, null, 2));
process.exitCode = results.some((result) => result.typeErrors > 0 || result.lintErrors > 0) ? 1 : 0;

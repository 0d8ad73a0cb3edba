// Every file the packaged app loads at run time is shipped by build/electron-builder.yml,
// derived from the esbuild metafiles of the bundles (dist/meta/, written by `npm run build`:
// the Electron main, preload and engine worker, and the command line), never from a list kept
// by hand. Checked with electron-builder's own file matchers (app-builder-lib), default
// exclusions included:
// - every bundle output is in the app's files;
// - every package a bundle leaves to node_modules (esbuild externals, and `require("…")` of a
//   createRequire in the project's sources) is a production dependency that electron-builder
//   collects, none of its files excluded, its native parts unpacked from the asar archive;
// - every path the sources build from the app's root (`join(PROJECT_ROOT, "examples")`,
//   `new URL("./engineWorker.js", import.meta.url)`, …) is shipped: in the asar at that path,
//   or as a real file under resources/data/ for what other programs use (main.ts names that
//   folder VARBENCH_DATA_DIR; the engine must read it: see the README's packaging section);
// - every path main.ts names under process.resourcesPath is an extra resource;
// - the WebAssembly kernel is compiled into the worker's and the command line's bundles.
import { describe, it, before } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync, type Stats } from "node:fs";
import { builtinModules, createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { ROOT } from "../helpers/uftrace.js";
import { builderRequire } from "../helpers/electronBuilder.js";

interface Metafile {
  inputs: Record<string, { imports: { path: string; kind: string; external?: boolean; original?: string }[] }>;
  outputs: Record<string, { inputs: Record<string, unknown> }>;
}
type Filter = (file: string, stat: Pick<Stats, "isDirectory">) => boolean;
interface Matcher {
  readonly from: string;
  readonly to: string;
  createFilter(): Filter;
}
type Config = Record<string, unknown> & { linux?: Record<string, unknown> };

const lib = builderRequire("app-builder-lib/out/fileMatcher.js") as {
  getMainFileMatchers(
    appDir: string,
    dest: string,
    expand: (s: string) => string,
    platformOptions: unknown,
    packager: unknown,
    outDir: string,
    isElectronCompile: boolean,
  ): Matcher[];
  getNodeModuleFileMatcher(
    appDir: string,
    dest: string,
    expand: (s: string) => string,
    platformOptions: unknown,
    packager: unknown,
  ): Matcher;
  getFileMatchers(
    config: Config,
    name: "extraResources" | "asarUnpack",
    dest: string,
    options: unknown,
  ): Matcher[] | null;
};
const { getConfig } = builderRequire("app-builder-lib/out/util/config/config.js") as {
  getConfig(dir: string, file: string, extra: unknown): Promise<Config>;
};

const META = join(ROOT, "dist", "meta");
const APP = "/packaged/resources/app";
const RESOURCES = "/packaged/resources";
const asFile = { isDirectory: () => false };
const asDir = { isDirectory: () => true };
const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
/** Provided by the runtime, not by node_modules. */
const RUNTIME = new Set(["electron", "<runtime>"]);

let config: Config;
let metas: Map<string, Metafile>;
let appFilters: { from: string; filter: Filter }[];
let moduleFilter: Filter;
let unpack: Filter;
let extraResources: Matcher[];

/** The file, and every folder above it inside the app (electron-builder's walk prunes folders), pass. */
function inApp(file: string): boolean {
  const abs = resolve(ROOT, file);
  return appFilters.some(({ from, filter }) => {
    if (!abs.startsWith(from + sep)) return false;
    const parts = relative(from, abs).split(sep);
    return parts.every((_, i) => filter(join(from, ...parts.slice(0, i + 1)), i === parts.length - 1 ? asFile : asDir));
  });
}

/** The resources-relative destination an extra resource gives a project file, if one does. */
function extraResourceOf(file: string): string | null {
  const abs = resolve(ROOT, file);
  for (const m of extraResources) {
    if (!abs.startsWith(m.from + sep)) continue;
    const parts = relative(m.from, abs).split(sep);
    const filter = m.createFilter();
    if (parts.every((_, i) => filter(join(m.from, ...parts.slice(0, i + 1)), i === parts.length - 1 ? asFile : asDir)))
      return relative(RESOURCES, join(m.to, ...parts));
  }
  return null;
}

/** A resources-relative file or folder some extra resource fills (its source need not exist yet). */
function extraResourceFills(dest: string): boolean {
  return extraResources.some((m) => {
    const to = relative(RESOURCES, m.to);
    if (to.startsWith(dest + "/")) return true; // a folder the resource goes into
    if (dest !== to && !dest.startsWith(to + "/")) return false;
    const rest = dest.slice(to.length + 1);
    return rest === "" || m.createFilter()(join(m.from, rest), asFile);
  });
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );

/** Packages installed for production: package.json's dependencies and theirs, optional ones included. */
function productionPackages(): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string, from: string) => {
    let pkgFile: string;
    try {
      pkgFile = createRequire(join(from, "package.json")).resolve(`${name}/package.json`);
    } catch {
      return; // an optional dependency not installed on this platform
    }
    if (seen.has(pkgFile)) return;
    seen.add(pkgFile);
    const pkg = JSON.parse(readFileSync(pkgFile, "utf8")) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) visit(dep, dirname(pkgFile));
  };
  visit(".", ROOT);
  return new Set([...seen].map((f) => relative(ROOT, dirname(f))));
}

const projectInputs = () =>
  [...new Set([...metas.values()].flatMap((m) => Object.keys(m.inputs)))].filter(
    (p) => /^(engine|electron)\//.test(p) && !p.includes("node_modules"),
  );
/** The output file a project input ends up in (for URLs relative to import.meta.url). */
const outputsOf = (input: string) =>
  [...metas.values()].flatMap((m) =>
    Object.entries(m.outputs)
      .filter(([, o]) => input in o.inputs)
      .map(([out]) => out),
  );

/** A package name from a specifier: "a", "@s/a", "a/sub" → "a", "@s/a", "a". */
const packageOf = (spec: string) => (spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]);

/** Packages the bundles load from node_modules at run time, each with a file that loads it. */
function runtimePackages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const meta of metas.values())
    for (const [input, { imports }] of Object.entries(meta.inputs))
      for (const i of imports)
        if (i.external && !BUILTINS.has(i.path) && !RUNTIME.has(i.path) && !i.path.startsWith("."))
          found.set(packageOf(i.path), input);
  // require() of a createRequire is invisible to esbuild: found in the project's own sources.
  for (const input of projectInputs())
    for (const [, spec] of readFileSync(join(ROOT, input), "utf8").matchAll(
      /\brequire\(\s*["']([^"'.][^"']*)["']\s*\)/g,
    ))
      if (!BUILTINS.has(spec) && !RUNTIME.has(packageOf(spec))) found.set(packageOf(spec), input);
  return found;
}

/** Whether the package that `importer` belongs to declares `name` optional (ws: bufferutil). */
function declaredOptional(importer: string, name: string): boolean {
  let dir = dirname(join(ROOT, importer));
  while (!existsSync(join(dir, "package.json"))) dir = dirname(dir);
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
    optionalDependencies?: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  };
  return name in (pkg.optionalDependencies ?? {}) || pkg.peerDependenciesMeta?.[name]?.optional === true;
}

/** Paths the sources build from a folder known relative to the app: `join(X, "a", "b")` where X is
 * PROJECT_ROOT (engine/io/projectRoot.ts: the app's root in every bundle), a `fileURLToPath(new
 * URL(rel, import.meta.url))` constant (relative to the input's output file), or
 * process.resourcesPath (then the path is resources-relative), and `new URL("./x", import.meta.url)`. */
function namedPaths(): { input: string; path: string; resources: boolean }[] {
  const found: { input: string; path: string; resources: boolean }[] = [];
  for (const input of projectInputs()) {
    const text = readFileSync(join(ROOT, input), "utf8");
    const bases = new Map<string, string | null>([["process.resourcesPath", null]]);
    // DATA_ROOT is the app's root from sources, and resources/data in the package (examples and traces).
    for (const base of ["PROJECT_ROOT", "DATA_ROOT"]) {
      const imported = new RegExp(
        `import\\s*\\{[^}]*\\b${base}(\\s+as\\s+(\\w+))?[^}]*\\}\\s*from\\s*"[^"]*projectRoot\\.js"`,
        "g",
      );
      for (const [, , alias] of text.matchAll(imported)) bases.set(alias ?? base, ".");
    }
    const outputDirs = outputsOf(input).map((o) => dirname(o));
    for (const [, name, rel] of text.matchAll(
      /const\s+(\w+)\s*=\s*fileURLToPath\(\s*new URL\(\s*"([^"]+)"\s*,\s*import\.meta\.url\s*\)\s*\)/g,
    ))
      for (const dir of outputDirs) bases.set(name, relative(ROOT, resolve(ROOT, dir, rel)) || ".");
    for (const [, name, args] of text.matchAll(/\bjoin\(\s*([\w.]+)((?:\s*,\s*"[^"]*")+)\s*\)/g)) {
      if (!bases.has(name)) continue;
      const segments = [...args.matchAll(/"([^"]*)"/g)].map((m) => m[1]);
      const base = bases.get(name);
      found.push({
        input,
        path: base === null ? segments.join("/") : relative(ROOT, join(ROOT, base!, ...segments)),
        resources: base === null,
      });
    }
    for (const [, rel] of text.matchAll(/new URL\(\s*"(\.\/[^"]+)"\s*,\s*import\.meta\.url\s*\)/g)) {
      if (SOURCE_ONLY.some((o) => o.input === input && o.rel === rel)) continue;
      for (const dir of outputDirs)
        found.push({ input, path: relative(ROOT, resolve(ROOT, dir, rel)), resources: false });
    }
  }
  return found;
}

/** Paths a source names only in a branch taken when it runs as TypeScript (import.meta.url ends with
 * ".ts": the tests), never from a bundle; each must exist beside its source. */
const SOURCE_ONLY = [
  // The reader pool's loader of tsx for its worker and the worker's source (Node 20 does not carry --import
  // tsx into workers).
  { input: "engine/pool/readerPool.ts", rel: "./tsxReader.mjs" },
  { input: "engine/pool/readerPool.ts", rel: "./readerWorker.ts" },
];

before(async () => {
  assert.ok(
    existsSync(join(META, "electron-main.json")) && existsSync(join(META, "cli.json")),
    `no esbuild metafiles in ${META}: run npm run build`,
  );
  metas = new Map(
    readdirSync(META)
      .filter((f) => f.endsWith(".json"))
      .map((f) => [f.replace(/\.json$/, ""), JSON.parse(readFileSync(join(META, f), "utf8")) as Metafile]),
  );
  config = await getConfig(ROOT, join(ROOT, "build", "electron-builder.yml"), null);
  const packager = {
    projectDir: ROOT,
    buildResourcesDir: join(ROOT, "build", "resources"),
    isPrepackedAppAsar: false,
    config,
    debugLogger: { isEnabled: false },
  };
  const platform = { info: packager, ...packager };
  const expand = (s: string) => s.replace(/\$\{os\}/g, "linux").replace(/\$\{arch\}/g, "x64");
  const outDir = join(ROOT, "dist", "app");
  appFilters = lib
    .getMainFileMatchers(ROOT, APP, expand, config.linux ?? {}, platform, outDir, false)
    .map((m) => ({ from: m.from, filter: m.createFilter() }));
  moduleFilter = lib.getNodeModuleFileMatcher(ROOT, APP, expand, config.linux ?? {}, packager).createFilter();
  const options = {
    macroExpander: expand,
    customBuildOptions: config.linux ?? {},
    globalOutDir: outDir,
    defaultSrc: ROOT,
  };
  unpack = lib.getFileMatchers(config, "asarUnpack", APP, options)?.[0]?.createFilter() ?? (() => false);
  extraResources = lib.getFileMatchers(config, "extraResources", RESOURCES, options) ?? [];
});

describe("the packaged files, derived from the bundles' metafiles", () => {
  it("are read from every bundle", () => {
    for (const name of ["cli", "electron-main", "electron-worker", "electron-preload"])
      assert.ok(metas.has(name), `dist/meta/${name}.json is missing: run npm run build`);
  });

  it("include every bundle output in the asar archive, source maps aside", () => {
    const outputs = [...metas.values()].flatMap((m) => Object.keys(m.outputs)).filter((o) => !o.endsWith(".map"));
    assert.ok(outputs.length > 4);
    const missing = outputs.filter((o) => !inApp(o));
    assert.deepEqual(missing, [], "bundle outputs not packaged");
    // What the command line compiled on the packaging machine is not the app's (engine/io/codeCache.ts).
    assert.ok(!inApp("dist/cli/v8-cache/cct-11.3-1-1.v8"), "the command line's code cache is packaged");
  });

  it("ship every package the bundles leave to node_modules, native parts unpacked", () => {
    const production = productionPackages();
    const needed = runtimePackages();
    assert.ok(needed.has("better-sqlite3"), "the workspace database's native module is found in the sources");
    for (const [name, importer] of needed) {
      let entry: string;
      try {
        entry = createRequire(join(ROOT, importer)).resolve(name);
      } catch {
        assert.ok(
          declaredOptional(importer, name),
          `${name} (loaded by ${importer}) is not installed and not declared optional`,
        );
        continue;
      }
      const dir = relative(ROOT, entry)
        .split(sep)
        .slice(0, relative(ROOT, entry).split(sep).lastIndexOf("node_modules") + 1 + name.split("/").length)
        .join("/");
      assert.ok(
        production.has(dir),
        `${name} (loaded by ${importer}) is not a production dependency, so electron-builder would not ship it`,
      );
      for (const file of [entry, join(ROOT, dir, "package.json")])
        assert.ok(moduleFilter(file, asFile), `${relative(ROOT, file)} is excluded by the files patterns`);
      for (const native of filesUnder(join(ROOT, dir)).filter(
        (f) => f.endsWith(".node") && !f.includes(`${sep}obj`) && !f.includes("test_extension"),
      )) {
        assert.ok(moduleFilter(native, asFile), `${relative(ROOT, native)} is excluded`);
        assert.ok(
          unpack(native, asFile),
          `${relative(ROOT, native)} is a native module kept inside the asar archive (asarUnpack)`,
        );
      }
    }
  });

  it("exclude no package that some bundle leaves external", () => {
    const bundled = new Set(
      [...metas.values()]
        .flatMap((m) => Object.keys(m.inputs))
        .filter((p) => p.startsWith("node_modules/"))
        .map((p) => packageOf(p.slice("node_modules/".length))),
    );
    const excluded = [...bundled].filter(
      (name) => !moduleFilter(join(ROOT, "node_modules", name, "package.json"), asFile),
    );
    for (const name of excluded)
      assert.ok(!runtimePackages().has(name), `${name} is excluded from node_modules but loaded at run time`);
  });

  it("ship every path the sources name from the app's root: in the asar, or as a real file under resources/data", () => {
    for (const { input, rel } of SOURCE_ONLY)
      assert.ok(existsSync(resolve(ROOT, dirname(input), rel)), `${rel} (source-only, named in ${input}) is missing`);
    const named = namedPaths();
    const names = named.map((n) => n.path);
    for (const expected of [
      "renderer/dist",
      "electron/dist/engineWorker.js",
      "electron/dist/preload.cjs",
      "dist/cli/main.js",
      "examples",
      "test/fixtures/uftrace/0.13",
      "engine/runner/native/vbtime.c",
    ])
      assert.ok(names.includes(expected), `${expected} not found among the named paths: ${names.join(", ")}`);
    const outputs = new Set([...metas.values()].flatMap((m) => Object.keys(m.outputs)));
    for (const { input, path, resources } of named.filter((n) => !n.resources)) {
      const abs = join(ROOT, path);
      assert.ok(
        existsSync(abs) || outputs.has(path),
        `${path} (named in ${input}) exists neither in the project nor among the bundle outputs`,
      );
      const files =
        existsSync(abs) && statSync(abs).isDirectory()
          ? filesUnder(abs)
              .map((f) => relative(ROOT, f))
              .filter((f) => !f.startsWith("examples/build/") && !f.endsWith("gmon.out"))
          : [path];
      assert.ok(files.length > 0, `${path} is empty`);
      const missing = files.filter((f) => !inApp(f) && extraResourceOf(f) !== `data/${f}`);
      assert.deepEqual(
        missing,
        [],
        `files under ${path} (named in ${input}, resources: ${resources}) that the package would not have`,
      );
    }
  });

  it("fill every path main.ts names under process.resourcesPath from the extra resources", () => {
    const named = namedPaths().filter((n) => n.resources);
    assert.deepEqual(named.map((n) => n.path).sort(), ["data", "native/vbtime"]);
    for (const { path, input } of named)
      assert.ok(extraResourceFills(path), `resources/${path} (named in ${input}) is filled by no extraResources entry`);
  });

  it("compile the WebAssembly kernel into the engine's bundles, so there is no .wasm to ship", () => {
    for (const name of ["electron-worker", "cli"])
      assert.ok(
        "engine/cct/kernel/ingestWasm.generated.ts" in metas.get(name)!.inputs,
        `${name} does not embed the kernel`,
      );
  });
});

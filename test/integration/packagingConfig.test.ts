// build/electron-builder.yml through electron-builder's own loading and schema
// validation (app-builder-lib's getConfig and validateConfiguration, as
// `electron-builder` runs them before packaging), so a misspelt or misplaced key
// fails here rather than on a release machine; and the security settings the
// README promises (fuses, asar) are the ones configured.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../helpers/uftrace.js";
import { builderRequire } from "../helpers/electronBuilder.js";

type Config = Record<string, unknown> & { electronFuses?: Record<string, boolean>; linux?: Record<string, unknown> };
const { getConfig, validateConfiguration } = builderRequire("app-builder-lib/out/util/config/config.js") as {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: unknown): Promise<Config>;
  validateConfiguration(config: Config, debugLogger: unknown): Promise<void>;
};
const { DebugLogger } = builderRequire("builder-util") as { DebugLogger: new (enabled: boolean) => unknown };

const CONFIG = join(ROOT, "build", "electron-builder.yml");
const load = () => getConfig(ROOT, CONFIG, null);
const validate = (config: Config) => validateConfiguration(structuredClone(config), new DebugLogger(false));

describe("build/electron-builder.yml", () => {
  it("passes electron-builder's configuration schema", async () => {
    await validate(await load());
  });

  it("would fail it with a wrong key, at the top or inside a platform", async () => {
    const config = await load();
    await assert.rejects(
      validate({ ...config, electronFuse: { runAsNode: false } }),
      /unknown property 'electronFuse'/,
    );
    await assert.rejects(validate({ ...config, linux: { ...config.linux, targets: ["deb"] } }), /configuration\.linux/);
    await assert.rejects(
      validate({ ...config, electronFuses: { ...config.electronFuses, runAsnode: false } }),
      /electronFuses/,
    );
  });

  it("flips the fuses the security checklist asks for, and packs the app into asar", async () => {
    const config = await load();
    assert.deepEqual(config.electronFuses, {
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    assert.equal(config.asar, true, "onlyLoadAppFromAsar needs the app in an asar archive");
  });

  it("packages AppImage and deb on Linux, with Windows and macOS targets configured, the binary named varbench", async () => {
    const config = (await load()) as Config & {
      executableName?: string;
      win?: { target?: unknown };
      mac?: { target?: unknown };
    };
    assert.deepEqual(config.linux?.target, ["AppImage", "deb"]);
    assert.deepEqual(config.win?.target, ["nsis"]);
    assert.deepEqual(config.mac?.target, ["dmg"]);
    // The deb's post-install script links /usr/bin/<executableName> to the binary: the varbench command.
    assert.equal(config.executableName, "varbench");
  });
});

// Types of cli-reference.mjs, for the test that imports it.
export interface CliCommand {
  readonly path: readonly string[];
  readonly help: string;
  readonly hidden: boolean;
}
export declare const REFERENCE: string;
export declare function helpOf(path: readonly string[]): string;
export declare function subcommands(help: string): string[];
export declare function optionsOf(help: string): string[];
export declare function cliCommands(): CliCommand[];
export declare function heading(path: readonly string[]): string;
export declare function renderReference(commands: readonly CliCommand[]): string;

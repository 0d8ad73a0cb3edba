#!/usr/bin/env node
// The `varbench` command: TypeScript sources run through tsx's loader, so the
// engine ships as source with no build step.
import { register } from "tsx/esm/api";

register();
await import("../engine/cli/main.ts");

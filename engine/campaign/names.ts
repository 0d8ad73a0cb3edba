// Names of projects, workloads, designs and campaigns: one rule for specs, the
// API and the command line, safe in file names, URLs and argv placeholders.
import * as z from "zod";

export const nameSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "use letters, digits, '.', '_' or '-'");

// Electron IPC channel names (docs/style.md: `varbench:<noun>.<verb>`), apart from
// the contract so the preload and the renderer take them without its schemas.

export const channelOf = (method: string): string => `varbench:${method}`;
export const EVENT_CHANNEL = "varbench:event";
export const MENU_CHANNEL = "varbench:menu";

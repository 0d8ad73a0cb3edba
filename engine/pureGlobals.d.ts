// Known exception to "no Node or DOM types" in the pure engine: TextDecoder is
// a WHATWG standard present in Node, browsers and Electron alike, and the only
// host global pure readers need (UTF-8 text inside byte streams).
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}

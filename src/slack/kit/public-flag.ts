/**
 * `--public` for the commands whose parsers know nothing of visibility (/financials, /concepts),
 * so every command posts in the channel the same way. /research parses it itself. Phones turn
 * `--` into a dash, so `—public` and `–public` count too.
 */
const PUBLIC_FLAG = /(^|\s)(?:--|—|–)public(?=\s|$)/gi;

export function splitPublicFlag(text: string): { text: string; public: boolean } {
  const input = typeof text === 'string' ? text : '';
  let found = false;
  const rest = input.replace(PUBLIC_FLAG, (_match, lead: string) => {
    found = true;
    return lead;
  });
  return { text: found ? rest.replace(/\s+/g, ' ').trim() : input, public: found };
}

/**
 * `//` line comments in a JSON file (the unit templates carry them): each comment, from `//`
 * outside a string to the end of its line, becomes spaces, so the strict parser's line and column
 * numbers still point into the file as written. Nothing else of JSON changes.
 */
export function blankLineComments(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n' && text[i] !== '\r') {
        out += ' ';
        i++;
      }
      i--;
    } else out += c;
  }
  return out;
}

/** True when a path argument is a glob pattern rather than a file or folder name. */
export function isGlob(pattern: string): boolean {
  return /[*?[\]{}]/.test(pattern);
}

function escape(char: string): string {
  return /[.+^${}()|\\/]/.test(char) ? `\\${char}` : char;
}

/**
 * A regular expression for a glob over `/`-separated paths: `*` and `?` stay within a segment,
 * `**` spans segments, `[abc]` is a class and `{a,b}` an alternation.
 * @example globToRegExp('flows/**\/*.flow.json').test('flows/a/b.flow.json') // true
 */
export function globToRegExp(pattern: string): RegExp {
  let source = '';
  let braces = 0;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] ?? '';
    if (char === '*') {
      if (pattern[i + 1] === '*') {
        const slash = pattern[i + 2] === '/';
        source += slash ? '(?:[^/]*/)*' : '.*';
        i += slash ? 2 : 1;
      } else {
        source += '[^/]*';
      }
    } else if (char === '?') {
      source += '[^/]';
    } else if (char === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end === -1) {
        source += '\\[';
      } else {
        const body = pattern
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\');
        source += `[${body}]`;
        i = end;
      }
    } else if (char === '{') {
      braces += 1;
      source += '(?:';
    } else if (char === '}' && braces > 0) {
      braces -= 1;
      source += ')';
    } else if (char === ',' && braces > 0) {
      source += '|';
    } else {
      source += escape(char);
    }
  }
  return new RegExp(`^${source}$`);
}

/** The folder a glob can be walked from: its segments before the first one with a wildcard. */
export function globBase(pattern: string): string {
  const segments = pattern.split('/');
  const fixed: string[] = [];
  for (const segment of segments) {
    if (isGlob(segment)) break;
    fixed.push(segment);
  }
  if (fixed.length === segments.length) fixed.pop();
  const base = fixed.join('/');
  return base === '' ? (pattern.startsWith('/') ? '/' : '.') : base;
}

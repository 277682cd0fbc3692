/**
 * `code` with the files matching `file` taken out of vite's preload list (`__vite__mapDeps`: one
 * array of file names, and calls that pick from it by index), the indices after them shifted.
 */
export function withoutPreloadOf(code: string, file: RegExp): string {
  const list = /(m\.f=\[)([^\]]*)(\])/.exec(code);
  if (!list) return code;
  const names = (list[2] ?? '').split(',');
  const dropped = names.flatMap((name, index) => (file.test(JSON.parse(name)) ? [index] : []));
  if (dropped.length === 0) return code;
  const kept = names.filter((_name, index) => !dropped.includes(index));
  const shift = (index: number) => index - dropped.filter((gone) => gone < index).length;
  return code
    .replace(list[0], `${list[1]}${kept.join(',')}${list[3]}`)
    .replace(/__vite__mapDeps\(\[([\d,]*)\]\)/g, (_call, indices: string) => {
      const picked = indices
        .split(',')
        .filter(Boolean)
        .map(Number)
        .filter((index) => !dropped.includes(index))
        .map(shift);
      return `__vite__mapDeps([${picked.join(',')}])`;
    });
}

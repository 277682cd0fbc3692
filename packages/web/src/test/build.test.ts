import { describe, expect, it } from 'vitest';
import { withoutPreloadOf } from '../../build/preloadList.ts';

// vite.config.ts takes the entry's CSS (written into index.html) out of the lazy chunks' preload
// lists; the calls pick files by index, so every index after it must move down by one.
describe('withoutPreloadOf', () => {
  const chunk =
    'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/a.js","assets/index-X1.css","assets/b.js","assets/b.css"])))=>i.map(i=>d[i]);\n' +
    'x(()=>import("./a.js"),__vite__mapDeps([0,1]));y(()=>import("./b.js"),__vite__mapDeps([2,1,3,0]));z(__vite__mapDeps([1]))';

  it('drops the file and shifts the indices after it', () => {
    const result = withoutPreloadOf(chunk, /^assets\/index-[\w-]+\.css$/);
    expect(result).toContain('m.f=["assets/a.js","assets/b.js","assets/b.css"]');
    expect(result).toContain('__vite__mapDeps([0])');
    expect(result).toContain('__vite__mapDeps([1,2,0])');
    expect(result).toContain('z(__vite__mapDeps([]))');
    expect(result).not.toContain('index-X1.css');
  });

  it('leaves a chunk without the file, or without a list, as it was', () => {
    expect(withoutPreloadOf(chunk, /^assets\/other\.css$/)).toBe(chunk);
    expect(withoutPreloadOf('export const a = 1;', /^assets\/index-[\w-]+\.css$/)).toBe('export const a = 1;');
  });
});

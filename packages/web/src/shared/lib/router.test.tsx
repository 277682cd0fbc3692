import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { NavLink } from './navLink';
import * as appRouter from './router';

function Where() {
  const location = useLocation();
  return <output aria-label="path">{location.pathname + location.search}</output>;
}

function at(path: string, ui: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={ui} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const path = () => screen.getByRole('status', { name: 'path' }).textContent;

describe("the app's react-router", () => {
  it('is what `react-router` resolves to in the app, with the library behind it', () => {
    expect(Link).toBe(appRouter.Link);
    expect(MemoryRouter).toBe(appRouter.MemoryRouter);
  });

  it("takes NavLink from shared/lib/navLink only: the library's own would bring framework code back", () => {
    const sources = import.meta.glob<string>('../../**/*.tsx', { query: '?raw', import: 'default', eager: true });
    const fromLibrary = Object.entries(sources)
      .filter(([, text]) => /import\s*\{[^}]*\bNavLink\b[^}]*\}\s*from\s*'react-router'/.test(text))
      .map(([file]) => file);
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(fromLibrary).toEqual([]);
  });
});

describe('Link', () => {
  it('renders the route as href and navigates without reloading', () => {
    at('/uk', <Link to="/uk/learn?tab=all">Курси</Link>);
    const link = screen.getByRole('link', { name: 'Курси' });
    expect(link).toHaveAttribute('href', '/uk/learn?tab=all');
    expect(fireEvent.click(link)).toBe(false);
    expect(path()).toBe('/uk/learn?tab=all');
  });

  it('resolves relative paths as react-router does, and passes other props to the <a>', () => {
    render(
      <MemoryRouter initialEntries={['/uk/learn']}>
        <Routes>
          <Route
            path="/uk/learn"
            element={
              <>
                <Link to="../game" relative="path" className="c" aria-label="Гра" rel="next">
                  x
                </Link>
                <Link to="../game">за маршрутом</Link>
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Гра' });
    expect(link).toHaveAttribute('href', '/uk/game');
    expect(link).toHaveClass('c');
    expect(link).toHaveAttribute('rel', 'next');
    // Relative to the route hierarchy by default: the parent of /uk/learn here is the root.
    expect(screen.getByRole('link', { name: 'за маршрутом' })).toHaveAttribute('href', '/game');
  });

  it('leaves a modified click, another target, reloadDocument and an external URL to the browser', () => {
    at(
      '/',
      <>
        <Link to="/a">a</Link>
        <Link to="/b" target="_blank">
          b
        </Link>
        <Link to="/c" reloadDocument>
          c
        </Link>
        <Link to="https://www.liqpay.ua/checkout">d</Link>
      </>,
    );
    expect(fireEvent.click(screen.getByRole('link', { name: 'a' }), { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'b' }))).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'c' }))).toBe(true);
    const external = screen.getByRole('link', { name: 'd' });
    expect(external).toHaveAttribute('href', 'https://www.liqpay.ua/checkout');
    expect(fireEvent.click(external)).toBe(true);
    expect(path()).toBe('/');
  });

  it('runs onClick first; a handler that prevents the default keeps the page', () => {
    const onClick = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    at(
      '/',
      <Link to="/next" onClick={onClick}>
        далі
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'далі' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(path()).toBe('/');
  });

  it('navigates with replace and state', () => {
    function State() {
      return <span>{String(useLocation().state)}</span>;
    }
    at(
      '/',
      <>
        <Link to="/x" replace state="передано">
          x
        </Link>
        <State />
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'x' }));
    expect(path()).toBe('/x');
    expect(screen.getByText('передано')).toBeInTheDocument();
  });

  it('passes a ref to the <a>', () => {
    let anchor: HTMLAnchorElement | null = null;
    at(
      '/',
      <Link
        to="/r"
        ref={(node) => {
          anchor = node;
        }}
      >
        r
      </Link>,
    );
    expect(anchor).toBe(screen.getByRole('link', { name: 'r' }));
  });
});

describe('NavLink', () => {
  const nav = (
    <nav>
      <NavLink to="/uk" end className="item">
        Домашня
      </NavLink>
      <NavLink to="/uk/learn" className="item">
        Курси
      </NavLink>
      <NavLink to="/uk/bonus" className={({ isActive }) => (isActive ? 'on' : 'off')}>
        {({ isActive }) => (isActive ? 'Підтримка (тут)' : 'Підтримка')}
      </NavLink>
    </nav>
  );

  it('marks the current page with aria-current="page" and the class "active"; `end` matches exactly', () => {
    at('/uk/learn/course-1', nav);
    const home = screen.getByRole('link', { name: 'Домашня' });
    const learn = screen.getByRole('link', { name: 'Курси' });
    expect(home).not.toHaveAttribute('aria-current');
    expect(home).toHaveAttribute('class', 'item');
    expect(learn).toHaveAttribute('aria-current', 'page');
    expect(learn).toHaveAttribute('class', 'item active');
    expect(screen.getByRole('link', { name: 'Підтримка' })).toHaveAttribute('class', 'off');
  });

  it('follows navigation, with className and children as functions of the state', () => {
    at('/uk', nav);
    expect(screen.getByRole('link', { name: 'Домашня' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(screen.getByRole('link', { name: 'Підтримка' }));
    const bonus = screen.getByRole('link', { name: 'Підтримка (тут)' });
    expect(bonus).toHaveAttribute('class', 'on');
    expect(bonus).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Домашня' })).not.toHaveAttribute('aria-current');
  });

  it('does not match a longer segment, and ignores case unless asked', () => {
    at(
      '/UK/learning',
      <>
        <NavLink to="/uk/learn">a</NavLink>
        <NavLink to="/uk/learning">b</NavLink>
        <NavLink to="/uk/learning" caseSensitive>
          c
        </NavLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'a' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'b' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'c' })).not.toHaveAttribute('aria-current');
  });
});

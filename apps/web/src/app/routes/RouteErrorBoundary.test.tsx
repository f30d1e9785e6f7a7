import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, useRoutes } from 'react-router';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { cleanup, click, render } from '../../test/render.tsx';

function Broken(): never {
  throw new Error('page bug');
}

function Routes() {
  return useRoutes([
    {
      element: (
        <>
          <Link to="/fine">Elsewhere</Link>
          <RouteErrorBoundary />
        </>
      ),
      children: [
        { path: 'broken', element: <Broken /> },
        { path: 'fine', element: <p>Fine page</p> },
      ],
    },
  ]);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('RouteErrorBoundary', () => {
  it('shows the error page in place of a page that throws, and clears it on the next navigation', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = render(
      <MemoryRouter initialEntries={['/broken']}>
        <Routes />
      </MemoryRouter>,
    );
    expect(container.querySelector('[role="alert"] h1')?.textContent).toBe('Something went wrong');
    expect(container.textContent).toContain('Elsewhere'); // the layout around it stays

    click(container.querySelector('a[href="/fine"]')!);
    expect(container.textContent).toContain('Fine page');
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });
});

import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, useNavigate, useRoutes } from 'react-router';
import { useScrollRestoration } from './useScrollRestoration.ts';
import { cleanup, render } from '../../test/render.tsx';

let navigate: ReturnType<typeof useNavigate>;

function App() {
  useScrollRestoration();
  navigate = useNavigate();
  return useRoutes([
    { path: '/', element: <p>Home</p> },
    { path: '/next', element: <p>Next</p> },
  ]);
}

async function scrollTo(y: number) {
  await act(async () => {
    window.scrollTo(0, y);
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  });
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('useScrollRestoration', () => {
  it('starts a new page at the top and returns to the old position on Back', async () => {
    render(
      <MemoryRouter>
        <App />
      </MemoryRouter>,
    );
    await scrollTo(500);
    expect(window.scrollY).toBe(500);

    await act(async () => navigate('/next'));
    expect(window.scrollY).toBe(0);

    await act(async () => navigate(-1));
    expect(window.scrollY).toBe(500);
  });
});

import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/i18n.ts';
import { ImageViewer } from './image-viewer.tsx';

beforeAll(async () => {
  await applyLanguage('en');
});

describe('ImageViewer', () => {
  it("shows the student's receipt beside the photo, with a link that checks it, when the server sent one", () => {
    render(
      <MemoryRouter>
        <ImageViewer
          pages={[
            { key: 'a', url: '/api/v1/media/a', receipt: { receipt: 'v1.payload.sig', code: 'K7QF-2MXA' } },
            { key: 'b', url: '/api/v1/media/b' },
          ]}
          view={{ zoom: 1, rotation: 0 }}
          onView={() => {}}
        />
      </MemoryRouter>,
    );
    const receipt = screen.getByTestId('photo-receipt');
    expect(receipt).toHaveTextContent("The student's receipt for this photo: K7QF-2MXA");
    expect(within(receipt).getByRole('link', { name: 'Check the receipt' })).toHaveAttribute(
      'href',
      '/verify/receipt#v1.payload.sig',
    );
  });

  it('shows no receipt for a photo without one (a grader)', () => {
    render(
      <ImageViewer
        pages={[{ key: 'b', url: '/api/v1/media/b' }]}
        view={{ zoom: 1, rotation: 0 }}
        onView={() => {}}
      />,
    );
    expect(screen.queryByTestId('photo-receipt')).toBeNull();
  });
});

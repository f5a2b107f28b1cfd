import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { VerifyResult } from './verify-result.tsx';

describe('VerifyResult', () => {
  it('shows name, roll number, category and status', async () => {
    stubApi({
      'GET /api/v1/verify/abc123': {
        body: {
          status: 'success',
          data: {
            name: 'Ayesha Rahman',
            roll_number: 'SR-0001',
            category: 'senior',
            registration_status: 'approved',
          },
        },
      },
    });
    renderWithStore(<VerifyResult code="abc123" />);
    expect(await screen.findByTestId('verify-name')).toHaveTextContent('Ayesha Rahman');
    expect(screen.getByTestId('verify-roll')).toHaveTextContent('SR-0001');
    expect(screen.getByTestId('verify-category')).toHaveTextContent('Senior');
    expect(screen.getByTestId('verify-status')).toHaveTextContent('Approved');
  });

  it('shows markup in a name as text, never as HTML (this page is public)', async () => {
    const name = '<img src=x onerror="window.hacked=1"><script>window.hacked=2</script>';
    stubApi({
      'GET /api/v1/verify/xss1': {
        body: {
          status: 'success',
          data: { name, roll_number: 'SR-0002', category: 'senior', registration_status: 'approved' },
        },
      },
    });
    const { container } = renderWithStore(<VerifyResult code="xss1" />);
    expect(await screen.findByTestId('verify-name')).toHaveTextContent(name);
    expect(container.querySelector('img[src="x"], script')).toBeNull();
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });

  it('says when no admit card matches the code', async () => {
    stubApi({
      'GET /api/v1/verify/nope': {
        status: 404,
        body: { status: 'error', message: 'No admit card matches this code.' },
      },
    });
    renderWithStore(<VerifyResult code="nope" />);
    expect(await screen.findByTestId('verify-not-found')).toHaveTextContent(
      /^No admit card matches this code\.$/,
    );
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { VerifyResult } from './verify-result.tsx';

describe('VerifyResult for a certificate', () => {
  it('says the certificate is genuine, with name, award and year only', async () => {
    stubApi({
      'GET /api/v1/verify/c0ffee': {
        body: {
          status: 'success',
          data: { document: 'certificate', genuine: true, name: 'Ayesha Rahman', award: 'prize', year: 2025 },
        },
      },
    });
    renderWithStore(<VerifyResult code="c0ffee" />);
    expect(await screen.findByTestId('certificate-genuine')).toHaveTextContent(
      /^This certificate is genuine: it was issued by the organisers\.$/,
    );
    expect(screen.getByTestId('certificate-name')).toHaveTextContent(/^Ayesha Rahman$/);
    expect(screen.getByTestId('certificate-award')).toHaveTextContent(/^Honourable Mention$/);
    expect(screen.getByTestId('certificate-year')).toHaveTextContent(/^2025$/);
    expect(screen.queryByTestId('verify-roll')).toBeNull();
  });
});

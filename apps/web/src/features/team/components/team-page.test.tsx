import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { team } from '../../../content/team.ts';
import { TeamPage } from './team-page.tsx';

describe('Team page', () => {
  it('shows Under Construction while the directory is switched off', () => {
    render(<TeamPage team={team} />);
    expect(screen.getByRole('heading', { name: 'Under Construction' })).toBeVisible();
    expect(screen.queryByTestId('team-member')).toBeNull();
  });

  it('filters members by department when switched on', async () => {
    const user = userEvent.setup();
    render(<TeamPage team={{ ...team, showMembers: true }} />);
    expect(screen.getAllByTestId('team-member')).toHaveLength(team.members.length);
    await user.click(screen.getByRole('button', { name: 'Academic' }));
    expect(screen.getByRole('button', { name: 'Academic' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByTestId('team-member')).toHaveLength(
      team.members.filter((m) => m.department === 'academic').length,
    );
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getAllByTestId('team-member')).toHaveLength(team.members.length);
  });
});

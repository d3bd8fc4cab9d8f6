import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TemplateUploadNotes } from './template-upload-notes';

describe('TemplateUploadNotes', () => {
  it('lists what the upload changed in the PDF', () => {
    render(
      <TemplateUploadNotes
        notes={['JavaScript was removed (an open action).', 'A loop in the field tree was broken.']}
      />,
    );
    const section = screen.getByRole('region', { name: 'Changed on upload' });
    expect(section.textContent).toContain('JavaScript was removed (an open action).');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows nothing when the PDF was kept as uploaded', () => {
    const { container } = render(<TemplateUploadNotes notes={undefined} />);
    expect(container.innerHTML).toBe('');
    render(<TemplateUploadNotes notes={[]} />);
    expect(screen.queryByRole('region')).toBeNull();
  });
});

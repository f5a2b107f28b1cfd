import type { ComponentProps, ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

type RowActionProps = Omit<ComponentProps<typeof Button>, 'children' | 'variant'> & {
  /** The verb shown ("Edit"). */
  label: string;
  /** The row it acts on, said after the verb to a screen reader ("Edit Physics book"). */
  name: string;
};

/** One action on a row of a console list. */
export function RowAction({ label, name, className = 'px-3', ...rest }: RowActionProps) {
  return (
    <Button variant="secondary" className={className} {...rest}>
      {label}
      <span className="sr-only"> {name}</span>
    </Button>
  );
}

/** A console list row's Edit and Remove, after any actions of its own (`children`). */
export function EditRemoveActions({
  name,
  editLabel,
  removeLabel,
  onEdit,
  onRemove,
  className = 'flex flex-nowrap gap-2',
  children,
}: {
  name: string;
  editLabel: string;
  removeLabel: string;
  onEdit: () => void;
  onRemove: () => void;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      {children}
      <RowAction label={editLabel} name={name} onClick={onEdit} />
      <RowAction label={removeLabel} name={name} onClick={onRemove} />
    </div>
  );
}

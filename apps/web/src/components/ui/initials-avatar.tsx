/** Background colours for initials avatars; the name picks one, so a person keeps theirs. */
const PALETTE = [
  'bg-sky-600',
  'bg-emerald-600',
  'bg-indigo-600',
  'bg-rose-600',
  'bg-amber-600',
  'bg-teal-600',
  'bg-violet-600',
  'bg-cyan-700',
] as const;

/** Up to two initials: the first letters of the first and last words of the name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (word: string) => (Array.from(word)[0] ?? '').toLocaleUpperCase();
  return letter(first) + (last ? letter(last) : '');
}

function colourOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? PALETTE[0];
}

type InitialsAvatarProps = { name: string; className?: string };

/** An avatar made on the device from the name: no image, no request to anyone. Decorative. */
export function InitialsAvatar({ name, className = 'size-9 text-sm' }: InitialsAvatarProps) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold text-white ${colourOf(name)} ${className}`}
    >
      {initialsOf(name)}
    </span>
  );
}

import { useState } from 'react';
import { InitialsAvatar } from './initials-avatar.tsx';

type AvatarProps = { name: string; imageUrl?: string | null; className?: string };

/** The profile image, or the initials avatar when there is none or it fails to load. Decorative. */
export function Avatar({ name, imageUrl, className = 'size-9 text-sm' }: AvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!imageUrl || failedUrl === imageUrl) return <InitialsAvatar name={name} className={className} />;
  return (
    <img
      src={imageUrl}
      alt=""
      className={`shrink-0 rounded-full object-cover ${className}`}
      onError={() => setFailedUrl(imageUrl)}
    />
  );
}

/**
 * Pick-up spots for the free transport to the final round: site content the organisers keep.
 * `own` means the student comes by their own transport.
 */
export const OWN_TRANSPORT = 'own';

export const PICKUP_SPOTS = [
  { name: 'Dhaka — Farmgate', bn: 'ঢাকা — ফার্মগেট' },
  { name: 'Dhaka — Mirpur 10', bn: 'ঢাকা — মিরপুর ১০' },
  { name: 'Dhaka — Uttara House Building', bn: 'ঢাকা — উত্তরা হাউস বিল্ডিং' },
  { name: 'Dhaka — Jatrabari', bn: 'ঢাকা — যাত্রাবাড়ী' },
  { name: 'Gazipur — Chowrasta', bn: 'গাজীপুর — চৌরাস্তা' },
  { name: 'Narayanganj — Chashara', bn: 'নারায়ণগঞ্জ — চাষাড়া' },
] as const;

export const isPickupSpot = (value: string) =>
  value === OWN_TRANSPORT || PICKUP_SPOTS.some((spot) => spot.name === value);

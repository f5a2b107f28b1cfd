/** The classes of a console card (a white panel with a border). */
export const cardClasses = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';

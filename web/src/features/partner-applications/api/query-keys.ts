/** TanStack Query keys of partner applications; a claim or an answer invalidates `all`. */
export const applicationKeys = {
  all: ['partner-applications'] as const,
  page: (page: number, pageSize: number) => ['partner-applications', 'page', page, pageSize] as const,
  mine: ['partner-applications', 'mine'] as const,
};

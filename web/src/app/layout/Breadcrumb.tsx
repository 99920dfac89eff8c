import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { breadcrumbs } from './breadcrumbs';

/** The path as breadcrumbs (labels from `breadcrumbs`); the current page is plain text. */
export function Breadcrumb() {
  const { pathname } = useLocation();
  const crumbs = breadcrumbs(pathname);
  if (crumbs.length < 2) return null;

  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator="›">
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <Text key={crumb.href} size="sm" aria-current="page">
              {crumb.label}
            </Text>
          ) : (
            <Anchor key={crumb.href} component={Link} to={crumb.href} size="sm">
              {crumb.label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}

import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useBreadcrumbs } from './useBreadcrumbs';

/** The page's breadcrumb trail (see `breadcrumbs`); the current page and pages the role cannot open are plain text. */
export function Breadcrumb() {
  const crumbs = useBreadcrumbs();
  const { t } = useTranslation();
  if (crumbs.length < 2) return null;

  return (
    <nav aria-label={t('crumbs.breadcrumb')}>
      <Breadcrumbs separator="›">
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <Text key={index} size="sm" aria-current="page">
              {crumb.label}
            </Text>
          ) : crumb.href ? (
            <Anchor key={index} component={Link} to={crumb.href} size="sm">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={index} size="sm" c="dimmed">
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}

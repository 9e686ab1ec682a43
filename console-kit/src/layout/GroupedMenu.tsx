import { Collapse, List, ListItemButton, ListItemText } from '@mui/material';
import {
  Menu,
  useResourceDefinitions,
  useSidebarState,
  useStore,
  useTranslate,
  type MenuProps,
} from 'react-admin';

/** A section of the menu: a job (Catalogue, Orders and money…) and the resources it covers. */
export interface MenuGroup {
  /** Its label under `app.menu.<key>`, and where its open state is stored. */
  key: string;
  resources: readonly string[];
}

function Group({ group, present }: { group: MenuGroup; present: string[] }) {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  // Open at first; each admin's choice is kept (react-admin's store, in local storage).
  const [open, setOpen] = useStore(`menu.group.${group.key}`, true);
  const label = translate(`app.menu.${group.key}`);
  const id = `menu-group-${group.key}`;
  return (
    <>
      <ListItemButton
        dense
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-controls={id}
        sx={{ pl: 2 }}
      >
        {sidebarOpen ? (
          <ListItemText
            primary={label}
            slotProps={{ primary: { variant: 'overline', color: 'text.secondary' } }}
          />
        ) : null}
        {/* A chevron without an icon package: the state itself is aria-expanded. */}
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit id={id}>
        <List disablePadding component="div" aria-label={label}>
          {present.map((name) => (
            <Menu.ResourceItem key={name} name={name} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

/**
 * The console's menu grouped by job in collapsible sections, the dashboard first. A group shows
 * only the resources this console declares with a list (a seller's depend on their shop); a
 * resource no group names is listed after them, so a new one is never hidden.
 */
export function groupedMenu(groups: readonly MenuGroup[]) {
  return function GroupedMenu(props: MenuProps) {
    const definitions = useResourceDefinitions();
    const listed = Object.keys(definitions).filter((name) => definitions[name]?.hasList);
    const grouped = new Set(groups.flatMap((g) => g.resources));
    return (
      <Menu {...props}>
        <Menu.DashboardItem />
        {groups.map((group) => {
          const present = group.resources.filter((r) => listed.includes(r));
          return present.length ? <Group key={group.key} group={group} present={present} /> : null;
        })}
        {listed
          .filter((name) => !grouped.has(name))
          .map((name) => (
            <Menu.ResourceItem key={name} name={name} />
          ))}
      </Menu>
    );
  };
}

import { NavLink } from "react-router";

const sections = [
  { to: "/admin", label: "Products" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/members", label: "Members" },
  { to: "/admin/discounts", label: "Discounts" },
  { to: "/admin/vouchers", label: "Vouchers" },
  { to: "/admin/bookings", label: "Diary" },
  { to: "/admin/clients", label: "Clients" },
  { to: "/admin/intake-form", label: "Intake Form" },
  { to: "/admin/settings", label: "Site Settings" },
  { to: "/admin/events", label: "Events" },
  { to: "/admin/galleries", label: "Galleries" },
  { to: "/admin/songs", label: "Songs" },
  { to: "/admin/complaints", label: "Complaints" },
  { to: "/admin/testimonials", label: "Testimonials" },
  { to: "/admin/pictures", label: "Pictures" },
] as const;

/**
 * The admin area's sections, above each admin page's heading. They wrap onto more rows on a narrow
 * screen rather than scroll sideways, so the owner always sees where she is and every section.
 */
export function AdminNav() {
  return (
    <nav aria-label="Admin" className="border-b border-plum-100 bg-white">
      <ul className="mx-auto flex max-w-5xl flex-wrap gap-x-1 px-2 sm:px-6">
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end
              className={({ isActive }) =>
                `inline-block border-b-2 px-2.5 py-3 text-sm font-semibold whitespace-nowrap sm:px-3 ${
                  isActive ? "border-plum-700 text-plum-900" : "border-transparent text-plum-700 hover:text-plum-900"
                }`
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

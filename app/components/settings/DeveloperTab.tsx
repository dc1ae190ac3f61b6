import type { SetupProblem, SetupReport } from "../../../workers/setup/index";

const STATE_LABEL = { ready: "Ready", not_offered: "Not offered (no credentials)", problem: "Problem" } as const;

/**
 * Settings → Developer: the going-live check of this deployment (the same as `npm run check:setup`), run by
 * the page's loader for owners and admins.
 */
export function DeveloperTab({ report }: { report: SetupReport }) {
  return (
    <section aria-labelledby="developer-heading" className="space-y-4">
      <div>
        <h2 id="developer-heading" className="text-lg font-semibold">
          Going live
        </h2>
        <p className="text-sm text-slate-500">
          Whether this deployment is set up to publish to the real platforms, and what to fix first.
        </p>
      </div>

      <p className={report.ready ? "font-medium text-green-700" : "font-medium text-amber-800"}>
        {report.ready ? "Ready to go live." : "Not ready to go live."} PLATFORMS_MODE={report.mode}, APP_ORIGIN=
        {report.appOrigin}
      </p>
      <Problems problems={report.problems} />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-slate-500">
            <tr>
              <th className="py-2 pr-4">Platform</th>
              <th className="py-2 pr-4">State</th>
              <th className="py-2 pr-4">Redirect URI to register</th>
              <th className="py-2">Permissions requested</th>
            </tr>
          </thead>
          <tbody>
            {report.platforms.map((p) => (
              <tr key={p.platform} className="border-t border-slate-200 align-top">
                <td className="py-2 pr-4 font-medium">{p.brand}</td>
                <td className="py-2 pr-4">
                  {STATE_LABEL[p.state]}
                  <Problems problems={p.problems} />
                </td>
                <td className="py-2 pr-4 font-mono text-xs break-all">{p.redirectUri}</td>
                <td className="py-2 font-mono text-xs">{p.scopes.join(" ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ApiVersions report={report} />
      <Databases report={report} />
    </section>
  );
}

const VERSION_STATE = {
  ok: { label: "OK", className: "text-green-700" },
  warning: { label: "Ends soon", className: "text-amber-800" },
  error: { label: "Not served", className: "text-red-700" },
} as const;

/** Each dated platform API version the clients call, with its end and what to do before it. */
function ApiVersions({ report }: { report: SetupReport }) {
  return (
    <div className="space-y-2">
      <h3 id="api-versions-heading" className="font-semibold">
        Platform API versions
      </h3>
      <div className="overflow-x-auto">
        <table aria-labelledby="api-versions-heading" className="w-full text-left text-sm">
          <thead className="text-slate-500">
            <tr>
              <th className="py-2 pr-4">API</th>
              <th className="py-2 pr-4">Version</th>
              <th className="py-2 pr-4">Served until</th>
              <th className="py-2">State</th>
            </tr>
          </thead>
          <tbody>
            {report.versions.map((v) => (
              <tr key={v.setting} className="border-t border-slate-200 align-top">
                <td className="py-2 pr-4 font-medium">{v.label}</td>
                <td className="py-2 pr-4 font-mono text-xs">
                  {v.version}{" "}
                  <span className="font-sans text-slate-500">({v.source === "setting" ? v.setting : "default"})</span>
                </td>
                <td className="py-2 pr-4">{v.servedUntil ?? "No end announced"}</td>
                <td className="py-2">
                  <span className={VERSION_STATE[v.state].className}>{VERSION_STATE[v.state].label}</span>
                  {v.state !== "ok" && (
                    <p className="text-slate-600">
                      {v.message} {v.fix && `Fix: ${v.fix}`}
                    </p>
                  )}
                </td>
              </tr>
            ))}
            {report.fixedVersions.map((v) => (
              <tr key={v.api} className="border-t border-slate-200 align-top">
                <td className="py-2 pr-4 font-medium">{v.api}</td>
                <td className="py-2 pr-4 font-mono text-xs">{v.version}</td>
                <td className="py-2 pr-4">No end announced</td>
                <td className="py-2">
                  <span className="text-green-700">OK</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Problems({ problems }: { problems: SetupProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="space-y-2">
      {problems.map((p) => (
        <li key={p.problem} className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm">
          <p>{p.problem}</p>
          <p className="text-slate-600">Fix: {p.fix}</p>
        </li>
      ))}
    </ul>
  );
}

/** Each workspace database's size against D1's 10 GB, warned from 70 % (ADR 081). */
function Databases({ report }: { report: SetupReport }) {
  if (!report.shards.length) return null;
  return (
    <div className="space-y-2">
      <h3 id="databases-heading" className="font-semibold">
        Workspace databases
      </h3>
      <ul aria-labelledby="databases-heading" className="space-y-1 text-sm">
        {report.shards.map((s) => (
          <li key={s.shard}>
            <span className="font-mono text-xs">{s.shard}</span>: {(s.bytes / 1e6).toFixed(1)} MB,{" "}
            {(s.share * 100).toFixed(1)} % of D1's 10 GB
            {s.warning && <p className="text-amber-800">{s.warning}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}

// dependency-cruiser: `npm run cycles` (part of `npm run lint`, so of `npm test`) fails on any
// import cycle among the project's own modules (docs/commands.md, "Lint and format").

/** What no cycle may go through: `import type` vanishes at compile time, so it cannot form one. */
const notAtRunTime = ['type-only'];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle: the modules in it load in an order that depends on who imports first, so one can see ' +
        "another's exports still undefined. Move what both need into a module of its own that imports neither.",
      from: {},
      to: { circular: true, dependencyTypesNot: notAtRunTime, viaOnly: { dependencyTypesNot: notAtRunTime } },
    },
  ],
  options: {
    includeOnly: '^(src|netlify|db|scripts)/',
    exclude: { path: '^(db/migrations|src/env\\.d\\.ts)' },
    doNotFollow: { path: 'node_modules' },
    // Sees `import type` too, marked 'type-only', so the rule above can leave those out.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
    },
    skipAnalysisNotInRules: true,
    progress: { type: 'none' },
  },
};

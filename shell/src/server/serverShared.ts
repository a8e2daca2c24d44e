// The libraries the page server provides to every remote's server build, as the shell provides them in
// the browser: each remote builds them with `import: false` (tools/src/mf.ts), so one React, one router
// and one store run per page. The names are the share keys of tools/src/mf.ts (SINGLETONS and
// SINGLETON_SUBPATHS); serverRemotes.test.tsx checks them against a remote's server manifest.
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import * as ReactRouter from 'react-router';
import * as ReactRedux from 'react-redux';
import * as Toolkit from '@reduxjs/toolkit';
import * as ToolkitQuery from '@reduxjs/toolkit/query';
import * as ToolkitQueryReact from '@reduxjs/toolkit/query/react';
import * as GrocerShared from '@grocer/shared';
import reactPackage from 'react/package.json';
import reactDomPackage from 'react-dom/package.json';
import reactRouterPackage from 'react-router/package.json';
import reactReduxPackage from 'react-redux/package.json';
import toolkitPackage from '@reduxjs/toolkit/package.json';
import sharedPackage from '@grocer/shared/package.json';

type Api = typeof GrocerShared.api;

/**
 * The shared `api` as remotes get it on the page server. A remote is loaded again in this one process
 * at every release and rollback, and its modules run again: RTK Query's `injectEndpoints` keeps an
 * endpoint's first definition unless `overrideExisting: true` (it only logs in development), so a new
 * build's URL or `transformResponse` would not reach the server render until a restart. Here the build
 * loaded last defines its endpoints, as it would in a fresh process. The browser loads a remote once per
 * page, so it keeps RTK's default (and the remotes' first-load bytes). Endpoints are looked up by name
 * when a query runs: a request still rendering with the build before uses the new definitions from then
 * on, the one moment the two builds meet.
 */
export const remotesApi: Api = new Proxy(GrocerShared.api, {
  get(target, property, receiver) {
    if (property === 'injectEndpoints') {
      return (inject: Parameters<Api['injectEndpoints']>[0]) => (target.injectEndpoints({ ...inject, overrideExisting: true }), remotesApi);
    }
    if (property === 'enhanceEndpoints') {
      return (enhance: Parameters<Api['enhanceEndpoints']>[0]) => (target.enhanceEndpoints(enhance), remotesApi);
    }
    return Reflect.get(target, property, receiver) as unknown;
  },
});

const singleton = (version: string, lib: object) => ({
  version,
  lib: () => lib,
  shareConfig: { singleton: true, requiredVersion: `^${version}`, strictVersion: true },
});

/** `shared` of the page server's MF instance: share key → the page server's own copy. */
export function serverShared() {
  return {
    react: singleton(reactPackage.version, React),
    'react/jsx-runtime': singleton(reactPackage.version, JsxRuntime),
    'react-dom': singleton(reactDomPackage.version, ReactDom),
    'react-dom/client': singleton(reactDomPackage.version, ReactDomClient),
    'react-router': singleton(reactRouterPackage.version, ReactRouter),
    'react-redux': singleton(reactReduxPackage.version, ReactRedux),
    '@reduxjs/toolkit': singleton(toolkitPackage.version, Toolkit),
    '@reduxjs/toolkit/query': singleton(toolkitPackage.version, ToolkitQuery),
    '@reduxjs/toolkit/query/react': singleton(toolkitPackage.version, ToolkitQueryReact),
    '@grocer/shared': singleton(sharedPackage.version, { ...GrocerShared, api: remotesApi }),
  };
}

export { getDb, closeAllDbs, hotSql, type Db, type HotSql } from "./client";

export { getDb, closeAllDbs, hotSql, type Db } from "./client";

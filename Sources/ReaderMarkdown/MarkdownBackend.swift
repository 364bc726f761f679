import ReaderCore

"""Load the handbook PDFs into the Chroma collection."""
import chromadb
from llama_index.core import SimpleDirectoryReader, StorageContext, VectorStoreIndex
from llama_index.vector_stores.chroma import ChromaVectorStore

chroma = chromadb.PersistentClient(path="./chroma-local")
store = ChromaVectorStore(chroma_collection=chroma.get_or_create_collection("handbook"))
docs = SimpleDirectoryReader("handbook/").load_data()
VectorStoreIndex.from_documents(docs, storage_context=StorageContext.from_defaults(vector_store=store))

"""ORM models (SQLAlchemy), not machine-learning models."""
from .customer import Base, Customer, Prediction

__all__ = ["Base", "Customer", "Prediction"]
